import { describe, expect, it } from 'vitest';
import {
  joinOpensAt,
  ROOM_REFRESH_MS,
  type RoomLesson,
  roomNotice,
  roomPeople,
  roomPhase,
  roomRefreshInterval,
  roomViewer,
} from './room-view';

const tom = { _id: 'tutor-1', firstname: 'Tom', lastname: 'Turing' };
const sam = { _id: 'student-1', firstname: 'Sam', lastname: 'Student' };
const maya = { _id: 'student-2', firstname: 'Maya', lastname: 'Student' };

function lesson(overrides: Partial<RoomLesson> = {}): RoomLesson {
  return {
    status: 'ACTIVE',
    start: '2026-03-02T10:00:00.000Z',
    end: '2026-03-02T11:00:00.000Z',
    tutorId: tom._id,
    studentIds: [sam._id],
    tutor: tom,
    students: [sam],
    ...overrides,
  };
}

const at = (time: string) => new Date(`2026-03-02T${time}Z`);

describe('the room’s phase', () => {
  it('follows the join window: not open, open from 15 minutes before, live, then ended at the end', () => {
    // Prepare
    const scheduled = lesson();

    // Act / Assess
    expect(roomPhase(scheduled, at('09:44:59'))).toBe('notOpen');
    expect(roomPhase(scheduled, at('09:45:00'))).toBe('open');
    expect(roomPhase(scheduled, at('09:59:59'))).toBe('open');
    expect(roomPhase(scheduled, at('10:00:00'))).toBe('live');
    expect(roomPhase(scheduled, at('11:00:00'))).toBe('ended');
    expect(joinOpensAt(scheduled.start!)).toBe('2026-03-02T09:45:00.000Z');
  });

  it('says cancelled or ended by the status, whatever the time', () => {
    expect(roomPhase(lesson({ status: 'CANCELLED' }), at('10:30:00'))).toBe('cancelled');
    expect(roomPhase(lesson({ status: 'COMPLETED' }), at('10:30:00'))).toBe('ended');
  });

  it('polls every 15 seconds until the lesson is cancelled or over', () => {
    expect(roomRefreshInterval(undefined)).toBe(ROOM_REFRESH_MS);
    expect(roomRefreshInterval(lesson(), at('08:00:00'))).toBe(15_000);
    expect(roomRefreshInterval(lesson(), at('10:30:00'))).toBe(15_000);
    expect(roomRefreshInterval(lesson(), at('11:00:00'))).toBe(0);
    expect(roomRefreshInterval(lesson({ status: 'CANCELLED' }), at('09:50:00'))).toBe(0);
  });
});

describe('who is in the room', () => {
  it('tells the viewer’s part in the lesson', () => {
    expect(roomViewer(lesson(), tom._id)).toBe('tutor');
    expect(roomViewer(lesson(), sam._id)).toBe('student');
    expect(roomViewer(lesson(), 'admin')).toBe('observer');
    expect(roomViewer(lesson(), undefined)).toBe('observer');
  });

  it('gives the tutor and the one student their own joins (null: not yet)', () => {
    // Act
    const { people, firstStudentJoinedAt } = roomPeople(
      lesson({ tutorJoinTime: null, studentJoinTime: '2026-03-02T09:52:00.000Z' }),
    );

    // Assess
    expect(people).toEqual([
      { _id: tom._id, name: 'Tom Turing', role: 'Tutor', joinedAt: null },
      { _id: sam._id, name: 'Sam Student', role: 'Student', joinedAt: '2026-03-02T09:52:00.000Z' },
    ]);
    expect(firstStudentJoinedAt).toBeUndefined();
  });

  it('reads absent join times (before the window opens) as nobody joined', () => {
    const { people } = roomPeople(lesson());
    expect(people.map((p) => p.joinedAt)).toEqual([null, null]);
  });

  it('in a group lesson names the students and says only when the first of them joined', () => {
    // Act
    const group = roomPeople(
      lesson({
        students: [sam, maya],
        studentIds: [sam._id, maya._id],
        studentJoinTime: '2026-03-02T10:01:00Z',
      }),
    );

    // Assess: the read carries the earliest student's join, not who it was
    expect(group.people.filter((p) => p.role === 'Student').map((p) => [p.name, p.joinedAt])).toEqual([
      ['Sam Student', undefined],
      ['Maya Student', undefined],
    ]);
    expect(group.firstStudentJoinedAt).toBe('2026-03-02T10:01:00Z');
    expect(roomPeople(lesson({ students: [sam, maya] })).firstStudentJoinedAt).toBeNull();
  });

  it('leaves out a tutor the read could not name', () => {
    expect(roomPeople(lesson({ tutor: null })).people.map((p) => p.role)).toEqual(['Student']);
  });
});

describe('what the room says', () => {
  const base = { tutorJoined: false, studentJoined: false, groupLesson: false };

  it('tells a student their tutor will start the lesson here, then that the tutor has arrived', () => {
    expect(roomNotice({ ...base, phase: 'open', viewer: 'student' })).toEqual({
      title: 'Waiting for your tutor',
      body: 'This is the meeting room for this lesson. Your tutor will start the lesson here.',
    });
    expect(roomNotice({ ...base, phase: 'live', viewer: 'student', tutorJoined: true }).title).toBe(
      'Your tutor is here',
    );
  });

  it('tells a tutor whether their student (or students) have arrived', () => {
    expect(roomNotice({ ...base, phase: 'open', viewer: 'tutor' }).title).toBe('Waiting for your student');
    expect(roomNotice({ ...base, phase: 'open', viewer: 'tutor', groupLesson: true }).title).toBe(
      'Waiting for your students',
    );
    expect(roomNotice({ ...base, phase: 'live', viewer: 'tutor', studentJoined: true }).title).toBe(
      'Your student has joined',
    );
    expect(
      roomNotice({ ...base, phase: 'live', viewer: 'tutor', studentJoined: true, groupLesson: true }).title,
    ).toBe('A student has joined');
  });

  it('says a cancelled, ended or not yet open lesson plainly, for anyone', () => {
    for (const viewer of ['tutor', 'student', 'observer'] as const) {
      expect(roomNotice({ ...base, phase: 'cancelled', viewer }).title).toBe('This lesson was cancelled');
      expect(roomNotice({ ...base, phase: 'ended', viewer }).title).toBe('This lesson has ended');
      expect(roomNotice({ ...base, phase: 'notOpen', viewer }).body).toContain('15 minutes before');
    }
    expect(roomNotice({ ...base, phase: 'live', viewer: 'observer' }).title).toBe('Lesson meeting room');
  });
});
