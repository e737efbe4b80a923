import type {
  MeetingStart,
  MeetingState,
  WaitingRoomUserKind,
} from '../../../../shared/realtime/socket-events';
import type { MeetingData } from '../../../../shared/routes/meetings';
import { joinTimesOf } from '../../../../shared/rules/lesson-history';
import { JOIN_OPENS_MINUTES } from '../../../../shared/scheduling/join-window';
import { serverMessage } from '../../lib/error-message';

/**
 * How often the room's clock moves on (not open → open → live → ended). Only the clock: who waits, the
 * start and the joins are pushed over the socket, so the room never polls the server.
 */
export const ROOM_CLOCK_MS = 15_000;

const MINUTE_MS = 60_000;

/** What the room's phase reads of a lesson. */
export interface RoomLesson {
  status: string;
  start?: string | undefined;
  end?: string | undefined;
}

/**
 * Where the lesson stands for its room: cancelled; ended (completed, or past its end); not open yet (before
 * the join window, JOIN_OPENS_MINUTES before the start); open (the window is open, not started); live.
 */
export type RoomPhase = 'cancelled' | 'ended' | 'notOpen' | 'open' | 'live';

export function roomPhase(lesson: RoomLesson, now: Date): RoomPhase {
  if (lesson.status === 'CANCELLED') return 'cancelled';
  if (lesson.status === 'COMPLETED') return 'ended';
  // The lesson read answers only scheduled lessons; without times there is nothing to wait for.
  if (!lesson.start || !lesson.end) return 'notOpen';
  const start = Date.parse(lesson.start);
  if (now.getTime() >= Date.parse(lesson.end)) return 'ended';
  if (now.getTime() >= start) return 'live';
  return now.getTime() >= start - JOIN_OPENS_MINUTES * MINUTE_MS ? 'open' : 'notOpen';
}

/** Whether people may wait, start and join now (the server's join window). */
export const isRoomOpen = (phase: RoomPhase) => phase === 'open' || phase === 'live';

/** When the join window opens (for the "opens at" line of a lesson not open yet). */
export function joinOpensAt(start: string): string {
  return new Date(Date.parse(start) - JOIN_OPENS_MINUTES * MINUTE_MS).toISOString();
}

/**
 * A meeting pushed over the socket, taken into the meeting data read over HTTP: the lesson itself does not
 * change with it, but its join times (the class timing chip) follow the participants' joins. A start comes
 * without the room's people (they are as they were), and a push read before the start but delivered after
 * it never takes the start back (a meeting of the same sitting stays started).
 */
export function withMeeting(data: MeetingData, meeting: MeetingState | MeetingStart): MeetingData {
  if (meeting.waitingId !== data.waitingId) return data;
  const participants = 'participants' in meeting ? meeting.participants : data.participants;
  const keepsStart =
    data.status === 'STARTED' && meeting.status !== 'STARTED' && data.lessonStart === meeting.lessonStart;
  const start = keepsStart
    ? { status: data.status, startedAt: data.startedAt, startedBy: data.startedBy, joinUrl: data.joinUrl }
    : {};
  const joins = participants.flatMap((person) =>
    person.joinedAt ? [{ userId: person.userId, joinedAt: person.joinedAt }] : [],
  );
  const tutorId = data.lesson.tutorId ?? '';
  const studentIds = data.lesson.studentIds ?? [];
  return {
    ...data,
    ...meeting,
    ...start,
    participants,
    lesson: { ...data.lesson, ...joinTimesOf({ tutorId, studentIds }, joins) },
  };
}

/** Where one of the lesson's people is: in the meeting, waiting in the room, or neither. */
export type PresenceStatus = 'in' | 'waiting' | 'away';

export interface RoomPerson {
  userId: string;
  name: string;
  role: 'Tutor' | 'Student';
  status: PresenceStatus;
  /** When they joined (in) or first waited (waiting). */
  since: string | null;
}

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

/** The tutor and the students, each in, waiting or away, as the meeting data tells it. */
export function roomPeople(meeting: Pick<MeetingState, 'participants'>): RoomPerson[] {
  return meeting.participants.map((person) => ({
    userId: person.userId,
    name: fullName(person),
    role: person.kind === 'TUTOR' ? 'Tutor' : 'Student',
    status: person.joinedAt ? 'in' : person.waitingSince ? 'waiting' : 'away',
    since: person.joinedAt ?? person.waitingSince,
  }));
}

export interface RoomNotice {
  title: string;
  body: string;
}

/** What the room says above everything else, in plain words for the lesson's people. */
export function roomNotice(input: {
  phase: RoomPhase;
  viewer: WaitingRoomUserKind;
  meeting: Pick<MeetingState, 'status' | 'participants'>;
}): RoomNotice {
  const { phase, viewer, meeting } = input;
  if (phase === 'cancelled') {
    return {
      title: 'This lesson was cancelled',
      body: 'There is nothing to join. Your other lessons are on the course page.',
    };
  }
  if (phase === 'ended') {
    return {
      title: 'This lesson has ended',
      body: 'The waiting room is closed. The lesson and its materials stay on the course page.',
    };
  }
  const room = 'This is the waiting room for this lesson.';
  if (phase === 'notOpen') {
    return {
      title: 'This lesson has not opened yet',
      body: `${room} It opens ${JOIN_OPENS_MINUTES} minutes before the lesson starts.`,
    };
  }
  if (meeting.status === 'STARTED') {
    // "Meeting", not "lesson": the class timing chip beside it still says Class Not Started until the start time.
    const body = {
      TUTOR: 'You started it: join with the button below.',
      STUDENT: 'Your tutor started it: join with the button below.',
      ADMIN: 'Its tutor started it.',
    }[viewer];
    return { title: 'The meeting is open', body };
  }
  const people = roomPeople(meeting);
  const students = people.filter((person) => person.role === 'Student');
  const studentsHere = students.filter((person) => person.status !== 'away').length;
  const tutorHere = people.some((person) => person.role === 'Tutor' && person.status !== 'away');
  if (viewer === 'TUTOR') {
    const group = students.length > 1;
    if (studentsHere === 0) {
      const who = group ? 'your students' : 'your student';
      return {
        title: `Waiting for ${who}`,
        body: `${room} Start the lesson when you are ready: everyone here then gets the join link.`,
      };
    }
    return {
      title: group ? `${studentsHere} of ${students.length} students are waiting` : 'Your student is waiting',
      body: `${room} Start the lesson: everyone here then gets the join link.`,
    };
  }
  if (viewer === 'STUDENT') {
    return {
      title: tutorHere ? 'Your tutor is here' : 'Waiting for your tutor',
      body: `${room} The join link appears here when your tutor starts the lesson: keep this page open.`,
    };
  }
  return { title: 'Lesson waiting room', body: `${room} The tutor starts the lesson from here.` };
}

/**
 * What a failed meeting-data read shows (spec 001 section 8): the error's message is the serialized
 * server answer, parsed as JSON for the server's own `message` (an unknown lesson, a lesson not the
 * viewer's); undefined when the server said nothing (no connection, not JSON).
 */
export function roomErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  try {
    return serverMessage(JSON.parse(error.message));
  } catch {
    return undefined;
  }
}
