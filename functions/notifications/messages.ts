import type { NotificationKind } from '../../shared/notifications/notification';
import type { CalendarMethod } from '../../shared/rules/icalendar';
import type { LessonNotice } from '../../shared/rules/lesson-notices';
import { lessonTimeIn } from '../trial-mail/messages';

/** Who a notification is for, as its text needs them. */
export interface Reader {
  _id: string;
  firstname: string;
  lastname: string;
  timezone?: string | undefined;
}

/** A notification before it is written for one person: its text, where it leads, and its cause. */
export interface NotificationDraft {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the SPA under /learning-portal. */
  link: string | null;
  sectionId: string | null;
  /** What it is about, once per person: an event id, or a lesson's reminder window at its start. */
  cause: string;
  /** The time it is about (its id sorts by it): the event's, or the reminder's due time. */
  at: string;
  /** A lesson notice's calendar invite (REQUEST) or cancellation (CANCEL). */
  calendar?: { method: CalendarMethod; lesson: LessonNotice };
}

export const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

export const waitingRoomLink = (sectionId: string) => `/waiting-room/${sectionId}`;

/** The lesson's name in a sentence: its title, and its course when that says more. */
function lessonName(lesson: Pick<LessonNotice, 'title' | 'courseTitle'>): string {
  return lesson.courseTitle && lesson.courseTitle !== lesson.title
    ? `${lesson.title} (${lesson.courseTitle})`
    : lesson.title;
}

/** A lesson booked or created, for one of its people (or a student added to it). */
export function scheduledDraft(
  lesson: LessonNotice,
  reader: Reader,
  tutor: Reader | undefined,
  cause: { eventId: string; at: string },
): NotificationDraft {
  const when = lessonTimeIn(lesson.start, lesson.end, reader.timezone);
  const withTutor = tutor && tutor._id !== reader._id ? ` with ${fullName(tutor)}` : '';
  return {
    kind: 'LESSON_SCHEDULED',
    title: `New lesson: ${lesson.title}`,
    body: `${lessonName(lesson)}${withTutor} is booked for ${when}.`,
    link: waitingRoomLink(lesson.sectionId),
    sectionId: lesson.sectionId,
    cause: cause.eventId,
    at: cause.at,
    calendar: { method: 'REQUEST', lesson },
  };
}

export function rescheduledDraft(
  lesson: LessonNotice,
  previous: Pick<LessonNotice, 'start' | 'end'>,
  reader: Reader,
  cause: { eventId: string; at: string },
): NotificationDraft {
  const before = lessonTimeIn(previous.start, previous.end, reader.timezone);
  const after = lessonTimeIn(lesson.start, lesson.end, reader.timezone);
  const moved = previous.start !== lesson.start || previous.end !== lesson.end;
  return {
    kind: 'LESSON_RESCHEDULED',
    title: `Lesson ${moved ? 'moved' : 'changed'}: ${lesson.title}`,
    body: moved
      ? `${lessonName(lesson)} moved from ${before} to ${after}.`
      : `${lessonName(lesson)} on ${after} has another tutor.`,
    link: waitingRoomLink(lesson.sectionId),
    sectionId: lesson.sectionId,
    cause: cause.eventId,
    at: cause.at,
    calendar: { method: 'REQUEST', lesson },
  };
}

/** A lesson cancelled, or the reader taken off it (`removed`), at the time it had for them. */
export function cancelledDraft(
  lesson: LessonNotice,
  reader: Reader,
  cause: { eventId: string; at: string },
  removed = false,
): NotificationDraft {
  const when = lessonTimeIn(lesson.start, lesson.end, reader.timezone);
  return {
    kind: 'LESSON_CANCELLED',
    title: `Lesson cancelled: ${lesson.title}`,
    body: removed
      ? `You are no longer in ${lessonName(lesson)} on ${when}.`
      : `${lessonName(lesson)} on ${when} is cancelled.`,
    link: null,
    sectionId: lesson.sectionId,
    cause: cause.eventId,
    at: cause.at,
    calendar: { method: 'CANCEL', lesson },
  };
}

/** How long before the start a reminder window is, in words: `24 hours`, `15 minutes`, `1 hour 30 minutes`. */
export function windowInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  return [hours ? part(hours, 'hour') : '', rest ? part(rest, 'minute') : ''].filter(Boolean).join(' ');
}

export function reminderDraft(
  lesson: Pick<LessonNotice, 'sectionId' | 'title' | 'courseTitle' | 'start' | 'end'>,
  reader: Reader,
  windowMinutes: number,
): NotificationDraft {
  const when = lessonTimeIn(lesson.start, lesson.end, reader.timezone);
  const at = new Date(Date.parse(lesson.start) - windowMinutes * 60_000).toISOString();
  return {
    kind: 'LESSON_REMINDER',
    title: `Reminder: ${lesson.title} starts in ${windowInWords(windowMinutes)}`,
    body: `${lessonName(lesson)}: ${when}. Join from the waiting room.`,
    link: waitingRoomLink(lesson.sectionId),
    sectionId: lesson.sectionId,
    // Once per lesson, window and start: a lesson moved to another time is reminded again at the new one.
    cause: `reminder:${lesson.sectionId}:${lesson.start}:${windowMinutes}`,
    at,
  };
}

export function requestAnsweredDraft(
  request: {
    _id: string;
    type: string;
    status: string;
    sectionId: string;
    lessonTitle: string;
    courseTitle: string;
    start: string;
    end: string;
    adminNote: string | null;
  },
  reader: Reader,
  cause: { eventId: string; at: string },
): NotificationDraft {
  const what = request.type === 'CANCEL' ? 'cancel' : 'reschedule';
  const answer = request.status === 'APPROVED' ? 'approved' : 'rejected';
  const when = lessonTimeIn(request.start, request.end, reader.timezone);
  return {
    kind: 'LESSON_REQUEST_ANSWERED',
    title: `Request ${answer}: ${request.lessonTitle}`,
    body: [
      `Your request to ${what} ${lessonName({ title: request.lessonTitle, courseTitle: request.courseTitle })} of ${when} was ${answer}.`,
      request.adminNote ? `Note: ${request.adminNote}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    link: '/portal/requests',
    sectionId: request.sectionId,
    cause: cause.eventId,
    at: cause.at,
  };
}

export function homeworkReviewedDraft(
  submission: { course: string; section: string; grade: string | null; student: Reader },
  homeworkTitle: string,
  reader: Reader,
  cause: { eventId: string; at: string },
): NotificationDraft {
  const whose = reader._id === submission.student._id ? 'Your' : `${submission.student.firstname}'s`;
  return {
    kind: 'HOMEWORK_REVIEWED',
    title: `Homework reviewed: ${homeworkTitle}`,
    body: `${whose} homework "${homeworkTitle}" was reviewed${submission.grade ? `: ${submission.grade}` : ''}.`,
    link: `/portal/courses/${submission.course}/homework/${submission.section}`,
    sectionId: submission.section,
    cause: cause.eventId,
    at: cause.at,
  };
}
