import type { CallLog, CallStatus } from '../schemas/call-log';
import type { LessonHistory } from '../schemas/lesson-history';

const MINUTE_MS = 60_000;

/** How a call went, from who joined it: both sides, only one, or nobody. */
export function callStatus(joins: {
  tutorJoinTime: string | null;
  studentJoinTime: string | null;
}): CallStatus {
  if (joins.tutorJoinTime && joins.studentJoinTime) return 'COMPLETED';
  if (joins.tutorJoinTime) return 'STUDENT_ABSENT';
  if (joins.studentJoinTime) return 'TUTOR_ABSENT';
  return 'MISSED';
}

/**
 * Whole minutes after the start (spec 001 section 9: late means one minute or more after the start; earlier
 * is on time, 0); null for someone who never joined.
 */
export function lateMinutes(start: string, joinedAt: string | null): number | null {
  if (!joinedAt) return null;
  return Math.max(0, Math.floor((Date.parse(joinedAt) - Date.parse(start)) / MINUTE_MS));
}

/** A lesson history row as its call log row. */
export function toCallLog(row: LessonHistory): CallLog {
  return {
    _id: row._id,
    lessonHistoryId: row._id,
    sectionId: row.sectionId,
    title: row.title,
    start: row.start,
    end: row.end,
    duration: row.duration,
    course: row.course,
    tutor: row.tutor,
    students: row.students.map(({ _id, firstname, lastname }) => ({ _id, firstname, lastname })),
    tutorJoinTime: row.tutorJoinTime,
    studentJoinTime: row.studentJoinTime,
    tutorLateMinutes: lateMinutes(row.start, row.tutorJoinTime),
    studentLateMinutes: lateMinutes(row.start, row.studentJoinTime),
    status: callStatus(row),
  };
}
