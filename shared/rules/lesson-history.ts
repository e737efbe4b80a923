import { lessonDurationChoices } from '../scheduling/durations';
import type { LessonHistory, LessonHistoryFilters, LessonType } from '../schemas/lesson-history';

const MINUTE_MS = 60_000;

/** The longest a lesson can last: a lesson starting earlier than this before the window ended before it. */
export const MAX_LESSON_MS = Math.max(...lessonDurationChoices('local')) * MINUTE_MS;

/** The first run of the job (no watermark yet) looks this far back. */
export const FIRST_RUN_LOOKBACK_MS = 7 * 24 * 60 * MINUTE_MS;

/** What the job knows about a lesson that ended (a ZOOM or TEAMS section). */
export interface EndedLesson {
  _id: string;
  /** The meeting's event id (absent on lessons booked before event ids existed). */
  eventId?: string;
  title: string;
  start: string;
  end: string;
  type: string;
  course: string;
  tutorId: string;
  studentIds: string[];
}

export interface HistoryCourse {
  _id: string;
  title: string;
  subject: string;
  curriculum: string;
  grade: string;
  type: string;
  paymentType: string;
  isTrial: boolean;
}

/** A participant's first join of a lesson (recorded by the waiting room's notify-user-joined call). */
export interface LessonJoin {
  userId: string;
  joinedAt: string;
}

/**
 * The row's join times: the tutor's first join, and the earliest first join among the students (a group
 * lesson has one column for all of them). Joins of anyone else (a tutor replaced since) do not count; null
 * when nobody of that side joined.
 */
export function joinTimesOf(
  lesson: Pick<EndedLesson, 'tutorId' | 'studentIds'>,
  joins: LessonJoin[],
): { tutorJoinTime: string | null; studentJoinTime: string | null } {
  const earliest = (userIds: string[]) =>
    joins
      .filter((join) => userIds.includes(join.userId))
      .map((join) => join.joinedAt)
      .reduce<string | null>(
        (first, at) => (first === null || Date.parse(at) < Date.parse(first) ? at : first),
        null,
      );
  return { tutorJoinTime: earliest([lesson.tutorId]), studentJoinTime: earliest(lesson.studentIds) };
}

export interface HistoryPerson {
  _id: string;
  firstname: string;
  lastname: string;
  country?: string | null;
}

/** Spec 001 section 9: a trial lesson (or any lesson of a trial course) is TRIAL; else by the course's class type. */
export function lessonTypeOf(
  lessonType: string,
  course: Pick<HistoryCourse, 'type' | 'isTrial'> | undefined,
): LessonType {
  if (lessonType === 'TRIAL' || course?.isTrial) return 'TRIAL';
  return course?.type === 'Group' ? 'GROUP' : '1 on 1';
}

/** Spec 001 section 9: the reference key is the first 8 characters of the event id. */
export function referenceKeyOf(eventId: string): string {
  return eventId.slice(0, 8);
}

export function durationMinutes(start: string, end: string): number {
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / MINUTE_MS));
}

/**
 * The history row of a lesson that ended. Its id is the lesson's id, so writing it conditionally makes the
 * job idempotent (one row per lesson, whatever the re-runs). Someone who left the platform still appears,
 * with empty names, rather than vanishing from the tutor's payment history.
 */
export function toLessonHistory(
  lesson: EndedLesson,
  course: HistoryCourse | undefined,
  people: HistoryPerson[],
  now: string,
  joins: LessonJoin[] = [],
): LessonHistory {
  const byId = new Map(people.map((person) => [person._id, person]));
  const named = (id: string) => {
    const person = byId.get(id);
    return { _id: id, firstname: person?.firstname ?? '', lastname: person?.lastname ?? '' };
  };
  // Lessons booked before event ids existed fall back to their own id.
  const eventId = lesson.eventId ?? lesson._id;
  return {
    _id: lesson._id,
    eventId,
    referenceKey: referenceKeyOf(eventId),
    sectionId: lesson._id,
    title: lesson.title,
    start: lesson.start,
    end: lesson.end,
    duration: durationMinutes(lesson.start, lesson.end),
    students: lesson.studentIds.map((id) => ({ ...named(id), country: byId.get(id)?.country ?? null })),
    course: { _id: lesson.course, title: course?.title ?? '' },
    courseId: lesson.course,
    studentId: lesson.studentIds[0] ?? null,
    studentIds: lesson.studentIds,
    tutorId: lesson.tutorId,
    tutor: byId.has(lesson.tutorId) ? named(lesson.tutorId) : null,
    subject: course?.subject ?? '',
    curriculum: course?.curriculum ?? '',
    grade: course?.grade ?? '',
    lessonType: lessonTypeOf(lesson.type, course),
    paymentType: course?.paymentType ?? '',
    ...joinTimesOf(lesson, joins),
    tutorPaymentStatus: 'PROCESSING',
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Which lesson starts the job reads: every lesson that can have ended after the watermark (it started at
 * most one maximum lesson length before it) up to now. The first run looks back a week.
 */
export function historyScanWindow(watermark: string | undefined, now: Date): { from: string; to: string } {
  const since = watermark ? Date.parse(watermark) : now.getTime() - FIRST_RUN_LOOKBACK_MS;
  return { from: new Date(since - MAX_LESSON_MS).toISOString(), to: now.toISOString() };
}

/** A date-only bound covers its whole (UTC) day: endDate 2030-01-02 includes lessons that day. */
export function rangeBounds(startDate?: string, endDate?: string): { from?: string; to?: string } {
  const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const iso = (value: string) => new Date(value).toISOString();
  return {
    ...(startDate ? { from: dateOnly(startDate) ? `${startDate}T00:00:00.000Z` : iso(startDate) } : {}),
    ...(endDate ? { to: dateOnly(endDate) ? `${endDate}T23:59:59.999Z` : iso(endDate) } : {}),
  };
}

/** The list filters of spec 001 section 7 (dates on the lesson's start; referenceKey a prefix match). */
export function matchesLessonHistory(row: LessonHistory, filters: LessonHistoryFilters): boolean {
  const { from, to } = rangeBounds(filters.startDate, filters.endDate);
  const reference = filters.referenceKey?.trim().toLowerCase();
  return (
    (!from || row.start >= from) &&
    (!to || row.start <= to) &&
    (!filters.courseId || row.courseId === filters.courseId) &&
    (!filters.studentId || row.studentIds.includes(filters.studentId)) &&
    (!filters.tutorId || row.tutorId === filters.tutorId) &&
    (!reference || row.eventId.toLowerCase().startsWith(reference)) &&
    (!filters.curriculum || row.curriculum === filters.curriculum) &&
    (!filters.grade || row.grade === filters.grade) &&
    (!filters.subject || row.subject === filters.subject) &&
    (!filters.lessonType || row.lessonType === filters.lessonType) &&
    (!filters.paymentType || row.paymentType === filters.paymentType) &&
    (!filters.tutorPaymentStatus || row.tutorPaymentStatus === filters.tutorPaymentStatus)
  );
}
