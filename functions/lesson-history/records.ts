import { isBackOfficeRole } from '../../shared/permissions/check';
import type {
  AttendanceEntry,
  LessonHistory,
  PresentedLessonHistory,
} from '../../shared/schemas/lesson-history';
import { callerHolds } from '../lib/access';
import type { Caller } from '../lib/request';
import { feedbackRepositories } from '../repositories/lesson-feedback';
import { lessonAttendance } from '../repositories/lesson-joins';
import { lessonRecordingsRepository } from '../repositories/lesson-recordings';

/** A lesson has a tutor and a handful of students: every feedback of it fits one page. */
const FEEDBACKS_PER_LESSON = 100;

/**
 * The columns one entry's read adds to its row (spec 001 section 3): the attendance history (a back-office
 * role holding the attendanceHistory column only), the recordings, and the feedbacks (all of them for the
 * back-office; a tutor or a student sees those about or by them). Each is one or two key reads of the
 * lesson, so the list does not carry them.
 */
export async function lessonRecords(
  tenant: string,
  caller: Caller,
  row: LessonHistory,
): Promise<Pick<PresentedLessonHistory, 'attendanceHistory' | 'recordings' | 'feedbacks'>> {
  const admin = isBackOfficeRole(caller.role);
  const seesAttendance = admin && callerHolds(caller, ['lessonHistory'], ['attendanceHistory']);
  const lesson = { _id: row.sectionId, start: row.start, tutorId: row.tutorId, studentIds: row.studentIds };
  const [attendance, recordings, tutorFeedbacks, studentFeedbacks] = await Promise.all([
    seesAttendance ? lessonAttendance(tenant, lesson) : undefined,
    lessonRecordingsRepository.of(tenant, row.sectionId),
    feedbackRepositories.tutor.list(
      tenant,
      { limit: FEEDBACKS_PER_LESSON, offset: 0 },
      { section: row.sectionId },
    ),
    feedbackRepositories.student.list(
      tenant,
      { limit: FEEDBACKS_PER_LESSON, offset: 0 },
      { section: row.sectionId },
    ),
  ]);
  const mine = (feedback: { tutorId: string; studentId: string }) =>
    admin || feedback.tutorId === caller.user._id || feedback.studentId === caller.user._id;
  return {
    ...(attendance ? { attendanceHistory: attendanceHistory(row, attendance) } : {}),
    recordings: recordings.map(({ sectionId: _section, ...recording }) => recording),
    feedbacks: [...tutorFeedbacks.docs, ...studentFeedbacks.docs].filter(mine).map((feedback) => ({
      _id: feedback._id,
      kind: feedback.kind,
      tutor: feedback.tutor,
      student: feedback.student,
      rating: feedback.rating,
      ...(feedback.comment === undefined ? {} : { comment: feedback.comment }),
      rewards: feedback.rewards,
      createdAt: feedback.createdAt,
    })),
  };
}

function attendanceHistory(
  row: LessonHistory,
  attendance: Awaited<ReturnType<typeof lessonAttendance>>,
): AttendanceEntry[] {
  const people = [
    ...(row.tutor ? [{ ...row.tutor, role: 'TUTOR' as const }] : []),
    ...row.students.map(({ _id, firstname, lastname }) => ({
      _id,
      firstname,
      lastname,
      role: 'STUDENT' as const,
    })),
  ];
  return people.map((person) => {
    const stay = attendance.find((entry) => entry.userId === person._id);
    return {
      ...person,
      joinedAt: stay?.joinedAt ?? null,
      lastJoinedAt: stay?.lastJoinedAt ?? null,
      leftAt: stay?.leftAt ?? null,
      joinCount: stay?.joinCount ?? 0,
    };
  });
}
