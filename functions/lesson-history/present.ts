import { moneyDoc } from '../../shared/money/schemas';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { payFieldsOfColumn } from '../../shared/rules/lesson-history-columns';
import type { LessonHistory, PresentedLessonHistory } from '../../shared/schemas/lesson-history';
import { callerHolds } from '../lib/access';
import type { Caller } from '../lib/request';

const holdsColumn = (caller: Caller, column: string) => callerHolds(caller, ['lessonHistory'], [column]);

/**
 * A row as the caller may read it (spec 001 section 6): the tutor payment status only with its column
 * permission; the pay columns only when asked for (includeTutorAmountData=1) and each group only with its
 * column permission (tutorRate, tutorAmount, tutorPenalty, trialStatus), money in major units; the admin
 * notes only for a back-office role holding adminNotes.
 */
export function presentLessonHistory(
  caller: Caller,
  row: LessonHistory,
  includeTutorAmountData: boolean,
): PresentedLessonHistory {
  const {
    tutorPaymentStatus,
    tutorRate,
    allocatedTutorAmount,
    tutorAmount,
    tutorPenaltyAmount,
    lessonExtensionTutorAmount,
    trialConversionAmount,
    adminNotes,
    payRevision: _revision,
    ...rest
  } = row;
  const shown = (amount: LessonHistory['tutorRate']) => (amount ? moneyDoc(amount) : amount);
  const pay: Partial<PresentedLessonHistory> = {
    ...rest,
    tutorRate: shown(tutorRate),
    allocatedTutorAmount: shown(allocatedTutorAmount),
    tutorAmount: shown(tutorAmount),
    tutorPenaltyAmount: shown(tutorPenaltyAmount),
    lessonExtensionTutorAmount: shown(lessonExtensionTutorAmount),
    trialConversionAmount: shown(trialConversionAmount),
  };
  // Every pay field first, then put back those the caller may read.
  const base: PresentedLessonHistory = baseColumns(row);
  if (holdsColumn(caller, 'tutorPaymentStatus')) base.tutorPaymentStatus = tutorPaymentStatus;
  if (includeTutorAmountData) {
    for (const [column, fields] of Object.entries(payFieldsOfColumn)) {
      if (!holdsColumn(caller, column)) continue;
      for (const field of fields) Object.assign(base, { [field]: pay[field] });
    }
  }
  if (isBackOfficeRole(caller.role) && holdsColumn(caller, 'adminNotes')) base.adminNotes = adminNotes ?? [];
  return base;
}

/** The row's columns that are not pay, status or notes. */
function baseColumns(row: LessonHistory): PresentedLessonHistory {
  return {
    _id: row._id,
    eventId: row.eventId,
    referenceKey: row.referenceKey,
    sectionId: row.sectionId,
    title: row.title,
    start: row.start,
    end: row.end,
    duration: row.duration,
    students: row.students,
    course: row.course,
    courseId: row.courseId,
    studentId: row.studentId,
    studentIds: row.studentIds,
    tutorId: row.tutorId,
    tutor: row.tutor,
    subject: row.subject,
    curriculum: row.curriculum,
    grade: row.grade,
    lessonType: row.lessonType,
    paymentType: row.paymentType,
    studentJoinTime: row.studentJoinTime,
    tutorJoinTime: row.tutorJoinTime,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
