/**
 * Lesson changes (spec 001 sections 4 and 9): who may cancel or reschedule a lesson, and whether the change
 * applies at once or waits for an admin.
 */
export const changeReasons = [
  'Sickness',
  'Due to a lesson Overlap',
  'Time Zone change',
  'Unforeseen Circumstance',
  'School Activity',
  'Technical issue',
  'Duration Change',
] as const;
export const reasonCategories = ['Schedule Changes', 'School Events', 'Health Reasons', 'Vacations'] as const;

export const requestTypes = ['CANCEL', 'RESCHEDULE', 'DELETE'] as const;
export const requestStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const requesterRoles = ['STUDENT', 'TUTOR', 'ADMIN'] as const;
export const respondActions = ['APPROVE', 'REJECT', 'UPDATE'] as const;
export const tutorPaymentStatuses = ['PROCESSING', 'PAID'] as const;

export type RequestType = (typeof requestTypes)[number];
export type RequestStatus = (typeof requestStatuses)[number];

/**
 * What a request changes when it is more than its own lesson: "This and following lessons" for a change of
 * a series' lesson that takes every later lesson along (`scope: 'FOLLOWING'`), undefined for one lesson.
 */
export function changeScopeLabel(request: { scope?: 'FOLLOWING' | undefined }): string | undefined {
  return request.scope === 'FOLLOWING' ? 'This and following lessons' : undefined;
}
export type RequesterRole = (typeof requesterRoles)[number];

export type ChangeDecision =
  | { outcome: 'refused'; message: string }
  | { outcome: 'apply' }
  | { outcome: 'request'; reason: string };

export const GROUP_CHANGE_REASON =
  "A group lesson is shared with classmates: a student's change to it needs an admin's approval";

/**
 * Whether a lesson is shared with classmates: every lesson of a Group course (spec 001 section 9 class
 * types; the lesson history's GROUP lesson type reads the course the same way), and any lesson that has
 * more than one student, as a lesson an admin scheduled for every student of a one-to-one course does.
 * Cancelling or moving such a lesson changes it for everyone in it.
 */
export function isGroupLesson(course: { type: string }, lesson: { studentIds: readonly string[] }): boolean {
  return course.type === 'Group' || lesson.studentIds.length > 1;
}

/**
 * The notice-window policy. An admin's change applies at once, also to a lesson under way. A student or
 * tutor cannot change a lesson that has started or ended; asked more than `changeNoticeHours` ahead the
 * change applies at once, closer to the lesson it becomes a PENDING request for an admin. A student's
 * change to a group lesson ({@link isGroupLesson}) is always a request, however far ahead: one student
 * does not cancel or move their classmates' lesson. Its tutor keeps the notice-window policy.
 */
export function decideChange(input: {
  role: RequesterRole;
  lessonStart: Date;
  lessonStatus: string;
  now: Date;
  changeNoticeHours: number;
  group: boolean;
}): ChangeDecision {
  const { role, lessonStart, lessonStatus, now, changeNoticeHours, group } = input;
  if (lessonStatus !== 'ACTIVE') return { outcome: 'refused', message: 'This lesson is no longer scheduled' };
  if (role === 'ADMIN') return { outcome: 'apply' };
  if (now.getTime() >= lessonStart.getTime()) {
    return { outcome: 'refused', message: 'This lesson has already started and can no longer be changed' };
  }
  if (role === 'STUDENT' && group) return { outcome: 'request', reason: GROUP_CHANGE_REASON };
  const noticeMs = changeNoticeHours * 3_600_000;
  if (lessonStart.getTime() - now.getTime() >= noticeMs) return { outcome: 'apply' };
  return {
    outcome: 'request',
    reason: `Changes within ${changeNoticeHours} hours of a lesson need an admin's approval`,
  };
}

export const SAME_TIME_MESSAGE = 'The lesson is already at this time. Choose another time to move it to.';

/**
 * Whether a move would leave the lesson where it is: the same start, end and tutor. (A new length at the same
 * start is a change: "Duration Change" is one of the reasons.)
 */
export function isSameLessonTime(
  lesson: { start: string; end: string; tutorId: string },
  moved: { start: string; end: string; tutorId: string },
): boolean {
  return (
    Date.parse(lesson.start) === Date.parse(moved.start) &&
    Date.parse(lesson.end) === Date.parse(moved.end) &&
    lesson.tutorId === moved.tutorId
  );
}

/**
 * The success toast of a change (spec 000 sections 4 and 8, spec 001 section 8): by the lesson's meeting
 * kind, the change and the answer's status. The spec's Zoom toasts are "Zoom Meeting Cancelled /
 * Cancellation Request Rejected / Cancellation Request Sent"; its lesson toasts "Lesson Cancelled /
 * Rescheduled / Reschedule Request Rejected / Reschedule Request Sent". It names no Zoom-specific
 * reschedule toast, so a Zoom lesson moved uses the lesson ones.
 */
export function changeToast(kind: string, type: 'CANCEL' | 'RESCHEDULE', status: RequestStatus): string {
  if (type === 'CANCEL') {
    return {
      PENDING: 'Cancellation Request Sent',
      APPROVED: kind === 'ZOOM' ? 'Zoom Meeting Cancelled' : 'Lesson Cancelled',
      REJECTED: 'Cancellation Request Rejected',
    }[status];
  }
  return {
    PENDING: 'Reschedule Request Sent',
    APPROVED: 'Lesson Rescheduled',
    REJECTED: 'Reschedule Request Rejected',
  }[status];
}
