import type { CurrencyCode } from '../money/currencies';
import { type Money, negate, scale, subtract, sum, zero } from '../money/money';
import type { LessonHistory, PayEntryKind } from '../schemas/lesson-history';
import { chooseTutorRate, type TutorRateTerms } from './tutor-rates';

/**
 * A tutor's pay for one lesson (spec 001 sections 3 and 4; issue 18 item 6), in exact minor units; every
 * rounding goes through `scale` (half away from zero).
 *
 * - allocated: the hourly rate times the lesson's minutes (a 45-minute lesson at 25.00 is 18.75);
 * - a penalty is a whole percent of the allocated amount, deducted;
 * - an approved class extension pays its minutes at the lesson's rate;
 * - an approved trial conversion pays its bonus;
 * - adjustments (and an approved concern's adjustment) add or deduct their amount.
 *
 * The tutor's amount is the sum of the lesson's pay entries, each written once with the change it makes
 * (the new penalty's amount less the old one's, say), so the amount is always what its history says.
 */
export function allocatedAmount(hourlyRate: Money, minutes: number): Money {
  return scale(hourlyRate, minutes, 60);
}

export function penaltyAmount(allocated: Money, percent: number): Money {
  return scale(allocated, percent, 100);
}

export function extensionAmount(hourlyRate: Money, minutes: number): Money {
  return scale(hourlyRate, minutes, 60);
}

/** The tutor's amount: the sum of the entries (all in the lesson's pay currency). */
export function tutorAmountOf(entries: readonly { amount: Money }[], currency: Money['currency']): Money {
  return sum(
    entries.map((entry) => entry.amount),
    currency,
  );
}

/**
 * What a change of pay adds to the tutor's amount, as an entry (a column's: the new contribution less the
 * old one; an adjustment's: its signed amount), and the request that caused it when it names one.
 */
export interface PayChange {
  kind: PayEntryKind;
  amount: Money;
  reason: string;
  cause?: string | undefined;
}

/** The columns of a row its contributions are read from. */
export type PayColumns = Pick<
  LessonHistory,
  | 'tutorAmountCurrency'
  | 'tutorRate'
  | 'tutorPenaltyAmount'
  | 'lessonExtensionTutorAmount'
  | 'classExtensionRequestStatus'
  | 'isTrialConverted'
  | 'trialConversionStatus'
  | 'trialConversionAmount'
>;

/** The contribution of a column to the tutor's amount (a penalty's is negative). */
export function contributionOf(row: PayColumns, kind: 'PENALTY' | 'EXTENSION' | 'TRIAL_CONVERSION'): Money {
  const currency = row.tutorAmountCurrency ?? row.tutorRate?.currency;
  if (!currency) throw new Error('A lesson without a pay currency has no contributions');
  switch (kind) {
    case 'PENALTY':
      return row.tutorPenaltyAmount ? negate(row.tutorPenaltyAmount) : zero(currency);
    case 'EXTENSION':
      return row.classExtensionRequestStatus === 'APPROVED' && row.lessonExtensionTutorAmount
        ? row.lessonExtensionTutorAmount
        : zero(currency);
    case 'TRIAL_CONVERSION':
      return row.isTrialConverted && row.trialConversionStatus === 'APPROVED' && row.trialConversionAmount
        ? row.trialConversionAmount
        : zero(currency);
  }
}

/** The entry that takes the tutor's amount from `before`'s contribution to `after`'s, or undefined if none. */
export function changeOf(
  before: LessonHistory,
  after: LessonHistory,
  kind: 'PENALTY' | 'EXTENSION' | 'TRIAL_CONVERSION',
  reason: string,
): PayChange | undefined {
  const amount = subtract(contributionOf(after, kind), contributionOf(before, kind));
  return amount.minor === 0 ? undefined : { kind, amount, reason };
}

/** The rates a lesson's row is paid from: the tutor's own and the general ones of the lesson's class type. */
export interface RatesForLesson<R extends TutorRateTerms = TutorRateTerms> {
  tutor: readonly R[];
  general: readonly R[];
}

/** What the choice knows of a lesson beyond its row: its people's countries and its kind. */
export interface LessonRateFacts {
  tutorCountry: string;
  studentCountry: string;
  /** rateKindOf: the student type or course type id, '' none. */
  kind: string;
}

/**
 * The row's pay when it is written (the lesson ended): the rate in force at the lesson's start
 * (shared/rules/tutor-rates.ts), fixed on the row with the kind it was chosen for, and the allocation, the
 * tutor's amount's first entry. Without a rate the tutor's amount starts at zero in the school's currency,
 * and an admin's adjustments carry the pay.
 */
export function payAtWrite(
  row: LessonHistory,
  rates: RatesForLesson,
  facts: LessonRateFacts,
  schoolCurrency: CurrencyCode,
): LessonHistory {
  const chosen = chooseTutorRate(rates, {
    start: row.start,
    tutorCountry: facts.tutorCountry,
    studentCountry: facts.studentCountry,
    kind: facts.kind,
    curriculum: row.curriculum,
    grade: row.grade,
  });
  if (!chosen) {
    return {
      ...row,
      tutorRate: null,
      tutorRateCurrency: null,
      tutorRateId: null,
      tutorRateSource: null,
      tutorRateKind: facts.kind,
      allocatedTutorAmount: null,
      tutorAmount: zero(schoolCurrency),
      tutorAmountCurrency: schoolCurrency,
    };
  }
  const allocated = allocatedAmount(chosen.rate.rate, row.duration);
  return {
    ...row,
    tutorRate: chosen.rate.rate,
    tutorRateCurrency: chosen.rate.rate.currency,
    tutorRateId: chosen.rate._id,
    tutorRateSource: chosen.source,
    tutorRateKind: facts.kind,
    allocatedTutorAmount: allocated,
    tutorAmount: allocated,
    tutorAmountCurrency: allocated.currency,
  };
}

/** Which class type's rates pay a lesson: group lessons the group rates, the others (trials too) one-to-one. */
export function rateClassOf(row: Pick<LessonHistory, 'lessonType'>): 'ONETOONE' | 'GROUP' {
  return row.lessonType === 'GROUP' ? 'GROUP' : 'ONETOONE';
}

/**
 * The kind a lesson is rated as (the `kind` of a tutor rate's scope): a group lesson by its course's rate
 * course type, any other (one-to-one, trial) by its student's rate student type, as they are when the
 * lesson's row is written; '' when none is assigned, which only "any kind" rates fit. The row keeps it, so
 * a later change of the student's or the course's type does not reprice lessons already recorded.
 */
export function rateKindOf(
  classType: 'ONETOONE' | 'GROUP',
  course: { rateCourseType?: string | undefined } | undefined,
  student: { rateStudentType?: string | undefined } | undefined,
): string {
  return (classType === 'GROUP' ? course?.rateCourseType : student?.rateStudentType) ?? '';
}

export const ONE_TO_ONE_COURSE_TYPE_MESSAGE =
  "A one-to-one course has no tutor rate course type (its lessons are rated by their student's type): leave the course type empty, or make the course a group course";

/**
 * Why a course save is refused for its rate course type, or undefined: only a group course's lessons are
 * rated by it (rateKindOf), so a one-to-one course given one would be silently ignored. Judged on the course
 * as it will be stored (`after`, a partial update merged) and only when the save gives it that type or that
 * class: a course stored so before the rule still saves its other fields.
 */
export function rateCourseTypeProblem(
  before: { type: string; rateCourseType?: string | undefined } | undefined,
  after: { type: string; rateCourseType?: string | undefined },
): string | undefined {
  if (after.type === 'Group' || !after.rateCourseType) return undefined;
  const unchanged = before?.type === after.type && before.rateCourseType === after.rateCourseType;
  return unchanged ? undefined : ONE_TO_ONE_COURSE_TYPE_MESSAGE;
}
