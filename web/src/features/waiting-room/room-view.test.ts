import { describe, expect, it } from 'vitest';
import type { MeetingParticipant, MeetingState } from '../../../../shared/realtime/socket-events';
import type { MeetingData } from '../../../../shared/routes/meetings';
import { ApiError } from '../../lib/api-client';
import {
  isRoomOpen,
  joinOpensAt,
  type RoomLesson,
  type RoomPhase,
  roomErrorMessage,
  roomNotice,
  roomPeople,
  roomPhase,
  withMeeting,
} from './room-view';

function lesson(overrides: Partial<RoomLesson> = {}): RoomLesson {
  return {
    status: 'ACTIVE',
    start: '2026-03-02T10:00:00.000Z',
    end: '2026-03-02T11:00:00.000Z',
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

  it('is open for waiting, starting and joining from the window’s opening to the end', () => {
    const phases: RoomPhase[] = ['notOpen', 'open', 'live', 'ended', 'cancelled'];
    expect(phases.map(isRoomOpen)).toEqual([false, true, true, false, false]);
  });
});

function person(
  overrides: Partial<MeetingParticipant> & Pick<MeetingParticipant, 'userId'>,
): MeetingParticipant {
  return {
    firstname: 'Sam',
    lastname: 'Student',
    kind: 'STUDENT',
    waitingSince: null,
    joinedAt: null,
    ...overrides,
  };
}
const tom = person({ userId: 'tutor-1', firstname: 'Tom', lastname: 'Turing', kind: 'TUTOR' });
const sam = person({ userId: 'student-1' });
const maya = person({ userId: 'student-2', firstname: 'Maya' });

function meeting(overrides: Partial<MeetingState> = {}): MeetingState {
  return {
    waitingId: 'lesson-1',
    lessonStart: '2026-03-02T10:00:00.000Z',
    status: 'NOT_STARTED',
    startedAt: null,
    startedBy: null,
    joinUrl: null,
    participants: [tom, sam],
    ...overrides,
  };
}

/** The meeting data a student's room read: the meeting, and the lesson of Tom and Sam without joins. */
function studentRoom(state: MeetingState): MeetingData {
  return {
    ...state,
    viewerKind: 'STUDENT',
    lesson: {
      _id: 'lesson-1',
      tutorId: 'tutor-1',
      studentIds: ['student-1'],
      tutorJoinTime: null,
      studentJoinTime: null,
    } as MeetingData['lesson'],
  };
}

describe('who waits and who is in', () => {
  it('puts each person in, waiting or away, with the time that says since when', () => {
    // Act
    const people = roomPeople(
      meeting({
        participants: [
          { ...tom, waitingSince: '2026-03-02T09:50:00Z', joinedAt: '2026-03-02T10:01:00Z' },
          { ...sam, waitingSince: '2026-03-02T09:52:00Z' },
          maya,
        ],
      }),
    );

    // Assess
    expect(people).toEqual([
      { userId: 'tutor-1', name: 'Tom Turing', role: 'Tutor', status: 'in', since: '2026-03-02T10:01:00Z' },
      {
        userId: 'student-1',
        name: 'Sam Student',
        role: 'Student',
        status: 'waiting',
        since: '2026-03-02T09:52:00Z',
      },
      { userId: 'student-2', name: 'Maya Student', role: 'Student', status: 'away', since: null },
    ]);
  });

  it('takes a pushed meeting into the data read, with the chip’s join times, and ignores another room’s', () => {
    // Prepare
    const data = studentRoom(meeting());
    const started = meeting({
      status: 'STARTED',
      startedAt: '2026-03-02T09:58:00Z',
      startedBy: 'tutor-1',
      joinUrl: 'http://localhost/learning-portal/meeting-room/lesson-1',
      participants: [{ ...tom, joinedAt: '2026-03-02T09:58:30Z' }, sam],
    });

    // Act
    const merged = withMeeting(data, started);

    // Assess
    expect(merged).toMatchObject({ status: 'STARTED', joinUrl: started.joinUrl, viewerKind: 'STUDENT' });
    expect(merged.lesson).toMatchObject({ tutorJoinTime: '2026-03-02T09:58:30Z', studentJoinTime: null });
    expect(withMeeting(data, { ...started, waitingId: 'lesson-2' })).toBe(data);
  });

  it('takes a start told alone with the room’s people as they were, and a late older push never undoes it', () => {
    // Prepare: Tom waits in the room the student has open
    const waiting = meeting({ participants: [{ ...tom, waitingSince: '2026-03-02T09:50:00Z' }, sam] });
    const data = studentRoom(waiting);
    const { participants: _unchanged, ...start } = meeting({
      status: 'STARTED',
      startedAt: '2026-03-02T09:58:00Z',
      startedBy: 'tutor-1',
      joinUrl: 'http://localhost/learning-portal/meeting-room/lesson-1',
    });

    // Act: the start, then a push of who waits that was read before the start, then a new sitting's
    const started = withMeeting(data, start);
    const afterLatePush = withMeeting(started, { ...waiting, participants: [tom, sam] });
    const moved = withMeeting(started, { ...waiting, lessonStart: '2026-03-03T10:00:00Z' });

    // Assess
    expect(started).toMatchObject({
      status: 'STARTED',
      joinUrl: start.joinUrl,
      participants: waiting.participants,
    });
    expect(afterLatePush).toMatchObject({
      status: 'STARTED',
      joinUrl: start.joinUrl,
      participants: [tom, sam],
    });
    expect(moved).toMatchObject({ status: 'NOT_STARTED', joinUrl: null });
  });
});

describe('what the room says', () => {
  it('tells a student their tutor starts the lesson, whether the tutor is here, then to join', () => {
    expect(roomNotice({ phase: 'open', viewer: 'STUDENT', meeting: meeting() })).toEqual({
      title: 'Waiting for your tutor',
      body: 'This is the waiting room for this lesson. The join link appears here when your tutor starts the lesson: keep this page open.',
    });
    const tutorHere = meeting({ participants: [{ ...tom, waitingSince: '2026-03-02T09:50:00Z' }, sam] });
    expect(roomNotice({ phase: 'open', viewer: 'STUDENT', meeting: tutorHere }).title).toBe(
      'Your tutor is here',
    );
    expect(roomNotice({ phase: 'live', viewer: 'STUDENT', meeting: meeting({ status: 'STARTED' }) })).toEqual(
      {
        title: 'The meeting is open',
        body: 'Your tutor started it: join with the button below.',
      },
    );
  });

  it('tells a tutor how many of their students wait, and to start', () => {
    expect(roomNotice({ phase: 'open', viewer: 'TUTOR', meeting: meeting() }).title).toBe(
      'Waiting for your student',
    );
    const samWaits = { ...sam, waitingSince: '2026-03-02T09:50:00Z' };
    expect(
      roomNotice({ phase: 'open', viewer: 'TUTOR', meeting: meeting({ participants: [tom, samWaits] }) })
        .title,
    ).toBe('Your student is waiting');
    const group = meeting({ participants: [tom, samWaits, maya] });
    expect(roomNotice({ phase: 'live', viewer: 'TUTOR', meeting: group }).title).toBe(
      '1 of 2 students are waiting',
    );
    expect(
      roomNotice({ phase: 'open', viewer: 'TUTOR', meeting: meeting({ participants: [tom, sam, maya] }) })
        .title,
    ).toBe('Waiting for your students');
  });

  it('says a cancelled, ended or not yet open lesson plainly, for anyone', () => {
    for (const viewer of ['TUTOR', 'STUDENT', 'ADMIN'] as const) {
      expect(roomNotice({ phase: 'cancelled', viewer, meeting: meeting() }).title).toBe(
        'This lesson was cancelled',
      );
      expect(roomNotice({ phase: 'ended', viewer, meeting: meeting() }).title).toBe('This lesson has ended');
      expect(roomNotice({ phase: 'notOpen', viewer, meeting: meeting() }).body).toContain(
        '15 minutes before',
      );
    }
    expect(roomNotice({ phase: 'live', viewer: 'ADMIN', meeting: meeting() }).title).toBe(
      'Lesson waiting room',
    );
  });
});

describe('a failed meeting-data read', () => {
  it('shows the server’s data.message, parsed from the error’s serialized answer', () => {
    const refused = new ApiError(403, { message: 'Not yours' }, JSON.stringify({ message: 'Not yours' }));
    expect(roomErrorMessage(refused)).toBe('Not yours');
    expect(roomErrorMessage(new ApiError(0, undefined, 'Failed to fetch'))).toBeUndefined();
    expect(roomErrorMessage('nonsense')).toBeUndefined();
  });
});
