import * as z from 'zod';

/**
 * What people are told about a lesson change (issue 19 item 7): which change a write of a lesson is, from
 * the lesson before and after it, and the lesson as it was then, carried in the event so that a notice
 * says what changed even if the lesson changes again before the notice goes out.
 */

/** The lesson as a notice needs it: its time, its people and its calendar revision. */
export const lessonNoticeSchema = z.object({
  sectionId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  kind: z.string(),
  start: z.string(),
  end: z.string(),
  tutorId: z.string(),
  studentIds: z.array(z.string()),
  /**
   * The calendar invite's SEQUENCE (RFC 5545 3.8.7.4): seconds from the lesson's creation to this write,
   * so each change of the lesson carries a higher one than the last and calendar apps replace the old invite.
   */
  sequence: z.number().int().min(0),
  /** A booked free trial's lesson: its booking e-mail is the trial's own (functions/trial-mail). */
  trialId: z.string().optional(),
});
export type LessonNotice = z.infer<typeof lessonNoticeSchema>;

export const lessonNoticeDetailSchema = z.object({
  tenant: z.string(),
  lesson: lessonNoticeSchema,
  /** Before a reschedule or a change of students: the time and people it had. */
  previous: lessonNoticeSchema.pick({ start: true, end: true, tutorId: true, studentIds: true }).optional(),
});
export type LessonNoticeDetail = z.infer<typeof lessonNoticeDetailSchema>;

export type LessonNoticeType =
  | 'LessonScheduled'
  | 'LessonRescheduled'
  | 'LessonCancelled'
  | 'LessonParticipantsChanged';

/** The fields of a lesson record this rule reads. */
export interface NoticedLesson {
  _id: string;
  course: string;
  title: string;
  kind: string;
  status: string;
  start: string;
  end: string;
  tutorId: string;
  studentIds: string[];
  createdAt: string;
  updatedAt: string;
  trialId?: string | undefined;
}

/** Seconds from the lesson's creation to `at`: rises with every write of the lesson. */
export function calendarSequence(createdAt: string, at: string): number {
  const seconds = Math.floor((Date.parse(at) - Date.parse(createdAt)) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

function noticeOf(lesson: NoticedLesson, courseTitle: string, at: string): LessonNotice {
  return {
    sectionId: lesson._id,
    courseId: lesson.course,
    courseTitle,
    title: lesson.title,
    kind: lesson.kind,
    start: lesson.start,
    end: lesson.end,
    tutorId: lesson.tutorId,
    studentIds: lesson.studentIds,
    sequence: calendarSequence(lesson.createdAt, at),
    ...(lesson.trialId ? { trialId: lesson.trialId } : {}),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The notice a write of a lesson from `before` (undefined: new) to `after` (undefined: deleted) gives, or
 * none. Only live lessons that have not ended concern anyone: a lesson completed, a past lesson written by
 * the history seed or edited afterwards, a cancelled lesson deleted, tell nobody. A title edit tells nobody.
 */
export function lessonNotice(
  before: NoticedLesson | undefined,
  after: NoticedLesson | undefined,
  courseTitle: string,
  now: string,
): { type: LessonNoticeType; detail: Omit<LessonNoticeDetail, 'tenant'> } | undefined {
  const live = (lesson: NoticedLesson | undefined): lesson is NoticedLesson =>
    lesson !== undefined && lesson.status === 'ACTIVE' && lesson.end > now;
  const at = after?.updatedAt ?? now;
  if (!live(before)) {
    if (before === undefined && live(after)) {
      return { type: 'LessonScheduled', detail: { lesson: noticeOf(after, courseTitle, at) } };
    }
    return undefined;
  }
  if (after === undefined || after.status === 'CANCELLED') {
    return { type: 'LessonCancelled', detail: { lesson: noticeOf(after ?? before, courseTitle, at) } };
  }
  if (after.status !== 'ACTIVE') return undefined;
  const previous = {
    start: before.start,
    end: before.end,
    tutorId: before.tutorId,
    studentIds: before.studentIds,
  };
  const lesson = noticeOf(after, courseTitle, at);
  if (before.start !== after.start || before.end !== after.end || before.tutorId !== after.tutorId) {
    return { type: 'LessonRescheduled', detail: { lesson, previous } };
  }
  if (!sameSet(before.studentIds, after.studentIds)) {
    return { type: 'LessonParticipantsChanged', detail: { lesson, previous } };
  }
  return undefined;
}
