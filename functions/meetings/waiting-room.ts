import { ConflictError, ForbiddenError } from '../../shared/http/errors';
import type {
  MeetingParticipant,
  MeetingStart,
  MeetingState,
  WaitingRoomUserKind,
} from '../../shared/realtime/socket-events';
import type { MeetingData } from '../../shared/routes/meetings';
import { joinTimesOf } from '../../shared/rules/lesson-history';
import { decideJoin } from '../../shared/scheduling/join-window';
import { requireOpenCourse } from '../access/course-visibility';
import { logger } from '../lib/logger';
import { meetingProviderFor } from '../lib/meeting-providers/provider';
import { meetingRoomUrl } from '../lib/meetings';
import { broadcastCoalesced } from '../realtime/coalesced-broadcast';
import { sendToTopic } from '../realtime/send';
import { coursesRepository } from '../repositories/courses';
import { type Attendance, lessonAttendance } from '../repositories/lesson-joins';
import { type LessonMeeting, lessonMeetingsRepository } from '../repositories/lesson-meetings';
import type { LessonRecord } from '../repositories/lessons';
import type { TopicRef } from '../repositories/socket-connections';
import type { UserRecord } from '../repositories/users';
import { getUsers } from '../repositories/users';
import { requireLesson } from './lessons';

/**
 * A lesson's waiting room (spec 001 sections 7 and 8): who waits, the tutor's start, who is in. The room's
 * HTTP calls and its socket events share these rules, and every change is pushed to the connections
 * registered to the room, so the page needs no polling.
 */

/**
 * Who may be in a lesson's room, and as what: its tutor (TUTOR), its students (STUDENT; not before a draft
 * course is theirs, as for joining) and the tenant's admins (ADMIN); anyone else is refused (403). An
 * unknown lesson, or another tenant's, is not found (404).
 */
export async function waitingRoomKind(
  tenant: string,
  user: Pick<UserRecord, '_id'> & Partial<Pick<UserRecord, 'type'>>,
  lesson: LessonRecord,
): Promise<WaitingRoomUserKind> {
  if (lesson.tutorId === user._id) return 'TUTOR';
  if (lesson.studentIds.includes(user._id)) {
    const course = await coursesRepository.get(tenant, lesson.course);
    if (course) requireOpenCourse(course, 'learner', 'Lesson not found');
    return 'STUDENT';
  }
  if (user.type === 'admin') return 'ADMIN';
  throw new ForbiddenError("Only this lesson's tutor, its students and admins can enter its waiting room");
}

/** The room's meeting as it stands: started or not, and each of the lesson's people waiting or in. */
export async function meetingState(tenant: string, lesson: LessonRecord): Promise<MeetingState> {
  const [meeting, waits, joins, people] = await Promise.all([
    lessonMeetingsRepository.meetingOf(tenant, lesson),
    lessonMeetingsRepository.waitsOf(tenant, lesson),
    lessonAttendance(tenant, lesson),
    getUsers(tenant, [lesson.tutorId, ...lesson.studentIds]),
  ]);
  const participant = (userId: string, kind: MeetingParticipant['kind']): MeetingParticipant[] => {
    const person = people.find((user) => user._id === userId);
    if (!person) return [];
    return [
      {
        userId,
        firstname: person.firstname,
        lastname: person.lastname,
        kind,
        waitingSince: waits.find((wait) => wait.userId === userId)?.waitingSince ?? null,
        joinedAt: joins.find((join) => join.userId === userId)?.joinedAt ?? null,
        leftAt: leftSince(joins.find((join) => join.userId === userId)),
      },
    ];
  };
  return {
    ...meetingStartOf(lesson, meeting),
    participants: [
      ...participant(lesson.tutorId, 'TUTOR'),
      ...lesson.studentIds.flatMap((studentId) => participant(studentId, 'STUDENT')),
    ],
  };
}

/** The meeting as its start changes it: what the room shows apart from who is in it. */
function meetingStartOf(lesson: LessonRecord, meeting: LessonMeeting | undefined): MeetingStart {
  return {
    waitingId: lesson._id,
    lessonStart: lesson.start,
    status: meeting ? 'STARTED' : 'NOT_STARTED',
    startedAt: meeting?.startedAt ?? null,
    startedBy: meeting?.startedBy ?? null,
    // The lesson's meeting: its provider's (Zoom, Teams), or the local room.
    joinUrl: meeting ? (lesson.meeting?.joinUrl ?? meetingRoomUrl(lesson._id)) : null,
  };
}

/** A lesson's waiting room as a socket topic: the connections registered to it are told its changes. */
export const lessonTopic = (waitingId: string): TopicRef => ({ kind: 'lesson', topicId: waitingId });

/**
 * Tells the room of a wait or a join, coalesced with the room's other waits and joins of the moment (a
 * lesson's start brings everyone at once): the meeting as it stands after all of them, read then.
 */
export function pushMeetingCoalesced(tenant: string, lesson: LessonRecord): Promise<void> {
  return broadcastCoalesced(tenant, lessonTopic(lesson._id), 'meeting', async () =>
    pushMeeting(tenant, await meetingState(tenant, lesson)),
  );
}

/** When the participant left, if they are out now (their last leave after their last join). */
function leftSince(attendance: Attendance | undefined): string | null {
  if (!attendance?.leftAt) return null;
  return attendance.leftAt >= attendance.lastJoinedAt ? attendance.leftAt : null;
}

/** Tells every connection in the room the meeting as it now stands (a gone one is removed by the send). */
export async function pushMeeting(tenant: string, meeting: MeetingState): Promise<void> {
  await sendToTopic(tenant, lessonTopic(meeting.waitingId), {
    action: 'meeting',
    waitingId: meeting.waitingId,
    meeting,
  });
}

/** GET meeting-data/{waitingId}: the lesson as the room shows it, the caller's part and the meeting. */
export async function meetingData(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'type'>,
  waitingId: string,
): Promise<MeetingData> {
  const lesson = await requireLesson(tenant, waitingId);
  const viewerKind = await waitingRoomKind(tenant, user, lesson);
  const [meeting, course] = await Promise.all([
    meetingState(tenant, lesson),
    coursesRepository.get(tenant, lesson.course),
  ]);
  const name = (person: MeetingParticipant) => ({
    _id: person.userId,
    firstname: person.firstname,
    lastname: person.lastname,
  });
  const tutor = meeting.participants.find((person) => person.kind === 'TUTOR');
  const joins = meeting.participants.flatMap((person) =>
    person.joinedAt ? [{ userId: person.userId, joinedAt: person.joinedAt }] : [],
  );
  const hostUrl =
    viewerKind === 'TUTOR' && meeting.status === 'STARTED' ? await hostUrlOf(tenant, lesson) : undefined;
  return {
    ...meeting,
    viewerKind,
    ...(hostUrl ? { hostUrl } : {}),
    lesson: {
      ...lesson,
      courseTitle: course?.title ?? '',
      tutor: tutor ? name(tutor) : null,
      students: meeting.participants.filter((person) => person.kind === 'STUDENT').map(name),
      ...joinTimesOf(lesson, joins),
    },
  };
}

/** Zoom's host link of a started lesson's meeting; none (logged) when Zoom cannot give it now. */
async function hostUrlOf(tenant: string, lesson: LessonRecord): Promise<string | undefined> {
  const providerMeeting = lesson.meeting;
  if (providerMeeting?.provider !== 'ZOOM') return undefined;
  try {
    return await (await meetingProviderFor(tenant, 'ZOOM')).startUrl(providerMeeting);
  } catch (error) {
    logger.warn("Zoom's host link could not be read; the tutor gets the join link", {
      error: error as Error,
    });
    return undefined;
  }
}

/** The lesson must be open for its room (the join window: from shortly before the start to the end). */
export function requireOpenRoom(lesson: LessonRecord, now: Date): void {
  const decision = decideJoin({
    start: new Date(lesson.start),
    end: new Date(lesson.end),
    status: lesson.status,
    now,
  });
  if (decision.outcome === 'refused') throw new ConflictError(decision.message);
}

/**
 * notify-user-waiting: one of the lesson's people has come to its room while it is open. Their first wait
 * is kept (opening the room again changes nothing) and the room is told. An admin watching does not wait.
 */
export async function notifyWaiting(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'type'>,
  waitingId: string,
  now = new Date(),
): Promise<MeetingState> {
  const lesson = await requireLesson(tenant, waitingId);
  const kind = await waitingRoomKind(tenant, user, lesson);
  if (kind === 'ADMIN') throw new ForbiddenError("Only this lesson's tutor and students wait in its room");
  requireOpenRoom(lesson, now);
  await lessonMeetingsRepository.recordWaiting(tenant, lesson, user._id, now.toISOString());
  const meeting = await meetingState(tenant, lesson);
  await pushMeetingCoalesced(tenant, lesson);
  return meeting;
}

/**
 * start-meeting: the lesson's tutor starts its meeting while the room is open; from then on the room
 * shows everyone the join link. Starting twice (two tabs) keeps the first start, held by the write's
 * condition.
 */
export async function startMeeting(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'type'>,
  waitingId: string,
  now = new Date(),
): Promise<MeetingState> {
  const lesson = await requireLesson(tenant, waitingId);
  const kind = await waitingRoomKind(tenant, user, lesson);
  if (kind !== 'TUTOR') throw new ForbiddenError("Only this lesson's tutor can start its meeting");
  requireOpenRoom(lesson, now);
  const started = await lessonMeetingsRepository.start(tenant, lesson, user._id, now.toISOString());
  // The room is told first: the start needs no read of the lesson's people, whom the answer lists.
  const [, meeting] = await Promise.all([
    sendToTopic(tenant, lessonTopic(waitingId), {
      action: 'meetingStarted',
      waitingId,
      meeting: meetingStartOf(lesson, started),
    }),
    meetingState(tenant, lesson),
  ]);
  return meeting;
}
