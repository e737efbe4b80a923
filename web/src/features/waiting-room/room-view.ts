import { JOIN_OPENS_MINUTES } from '../../../../shared/scheduling/join-window';

/** How often the room reads the lesson again while people may still join (no WebSocket presence yet). */
export const ROOM_REFRESH_MS = 15_000;

const MINUTE_MS = 60_000;

/** What the room reads of a lesson (GET /schedule/{sectionId}). */
export interface RoomLesson {
  status: string;
  start?: string | undefined;
  end?: string | undefined;
  tutorId?: string | undefined;
  studentIds?: string[] | undefined;
  tutor: { _id: string; firstname: string; lastname: string } | null;
  students: Array<{ _id: string; firstname: string; lastname: string }>;
  tutorJoinTime?: string | null | undefined;
  studentJoinTime?: string | null | undefined;
}

/**
 * Where the lesson stands for its room: cancelled; ended (completed, or past its end); not open yet (before
 * the join window, JOIN_OPENS_MINUTES before the start); open (the window is open, not started); live.
 */
export type RoomPhase = 'cancelled' | 'ended' | 'notOpen' | 'open' | 'live';

export function roomPhase(lesson: Pick<RoomLesson, 'status' | 'start' | 'end'>, now: Date): RoomPhase {
  if (lesson.status === 'CANCELLED') return 'cancelled';
  if (lesson.status === 'COMPLETED') return 'ended';
  // The lesson read answers only scheduled lessons; without times there is nothing to wait for.
  if (!lesson.start || !lesson.end) return 'notOpen';
  const start = Date.parse(lesson.start);
  if (now.getTime() >= Date.parse(lesson.end)) return 'ended';
  if (now.getTime() >= start) return 'live';
  return now.getTime() >= start - JOIN_OPENS_MINUTES * MINUTE_MS ? 'open' : 'notOpen';
}

/** When the join window opens (for the "opens at" line of a lesson not open yet). */
export function joinOpensAt(start: string): string {
  return new Date(Date.parse(start) - JOIN_OPENS_MINUTES * MINUTE_MS).toISOString();
}

/**
 * SWR's refreshInterval for the room: every ROOM_REFRESH_MS while the lesson can still change (joins,
 * a cancel, a reschedule), and not at all once it was cancelled or has ended. SWR itself stops polling
 * while the last read failed, so a failure is toasted once, not every 15 seconds.
 */
export function roomRefreshInterval(lesson: RoomLesson | undefined, now = new Date()): number {
  if (!lesson) return ROOM_REFRESH_MS;
  const phase = roomPhase(lesson, now);
  return phase === 'cancelled' || phase === 'ended' ? 0 : ROOM_REFRESH_MS;
}

/** How the viewer takes part: the lesson's tutor, one of its students, or someone viewing schedules. */
export type RoomViewer = 'tutor' | 'student' | 'observer';

export function roomViewer(
  lesson: Pick<RoomLesson, 'tutorId' | 'studentIds'>,
  userId: string | undefined,
): RoomViewer {
  if (userId && lesson.tutorId === userId) return 'tutor';
  if (userId && (lesson.studentIds ?? []).includes(userId)) return 'student';
  return 'observer';
}

export interface RoomPerson {
  _id: string;
  name: string;
  role: 'Tutor' | 'Student';
  /** When they joined; null when not yet; undefined when the read cannot say for this person. */
  joinedAt: string | null | undefined;
}

export interface RoomPeople {
  people: RoomPerson[];
  /**
   * The lesson read carries the earliest student's join, not each student's: in a group lesson the room
   * names the students and says when the first of them joined (null: none yet) instead of guessing who.
   */
  firstStudentJoinedAt?: string | null;
}

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

/** The tutor and the students, each with their join as far as the lesson read tells it. */
export function roomPeople(lesson: RoomLesson): RoomPeople {
  const tutorJoined = lesson.tutorJoinTime ?? null;
  const studentJoined = lesson.studentJoinTime ?? null;
  const oneStudent = lesson.students.length === 1;
  const people: RoomPerson[] = [
    ...(lesson.tutor
      ? [
          {
            _id: lesson.tutor._id,
            name: fullName(lesson.tutor),
            role: 'Tutor' as const,
            joinedAt: tutorJoined,
          },
        ]
      : []),
    ...lesson.students.map((student) => ({
      _id: student._id,
      name: fullName(student),
      role: 'Student' as const,
      joinedAt: oneStudent ? studentJoined : undefined,
    })),
  ];
  return oneStudent || lesson.students.length === 0
    ? { people }
    : { people, firstStudentJoinedAt: studentJoined };
}

export interface RoomNotice {
  title: string;
  body: string;
}

/**
 * What the room says above everything else. Plain words for the people of the lesson: this page is the
 * lesson's meeting room (a video-meeting adapter would send them to the meeting instead).
 */
export function roomNotice(input: {
  phase: RoomPhase;
  viewer: RoomViewer;
  tutorJoined: boolean;
  studentJoined: boolean;
  groupLesson: boolean;
}): RoomNotice {
  const { phase, viewer, tutorJoined, studentJoined, groupLesson } = input;
  if (phase === 'cancelled') {
    return {
      title: 'This lesson was cancelled',
      body: 'There is nothing to join. Your other lessons are on the course page.',
    };
  }
  if (phase === 'ended') {
    return {
      title: 'This lesson has ended',
      body: 'The meeting room is closed. The lesson and its materials stay on the course page.',
    };
  }
  const room = 'This is the meeting room for this lesson.';
  if (phase === 'notOpen') {
    return {
      title: 'This lesson has not opened yet',
      body: `${room} It opens ${JOIN_OPENS_MINUTES} minutes before the lesson starts.`,
    };
  }
  if (viewer === 'tutor') {
    if (!studentJoined) {
      const who = groupLesson ? 'Your students' : 'Your student';
      return { title: `Waiting for ${who.toLowerCase()}`, body: `${room} ${who} will join you here.` };
    }
    return groupLesson
      ? { title: 'A student has joined', body: `${room} Your students are joining you here.` }
      : { title: 'Your student has joined', body: `${room} They are waiting for you here.` };
  }
  if (viewer === 'student') {
    return tutorJoined
      ? { title: 'Your tutor is here', body: `${room} Stay on this page: your lesson happens here.` }
      : { title: 'Waiting for your tutor', body: `${room} Your tutor will start the lesson here.` };
  }
  return { title: 'Lesson meeting room', body: `${room} The tutor and the students meet here.` };
}
