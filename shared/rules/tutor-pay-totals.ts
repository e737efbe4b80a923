import type { CurrencyCode } from '../money/currencies';
import { add, type Money, negate, signedAmount, subtract, sum, zero } from '../money/money';
import type { LessonHistory } from '../schemas/lesson-history';
import type { ManualAdjustment } from '../schemas/manual-adjustment';
import type { PenaltyWaiver } from '../schemas/penalty-waiver';
import { waiverEffect } from './penalty-waivers';
import { contributionOf, type PayColumns } from './tutor-pay';

/**
 * A tutor's pay over a period (issue #18 item 6, the /portal/pay totals):
 *
 *   total = lessons + extensions - penalties + waived penalties +/- adjustments
 *
 * from three kinds of record, each one a traceable line of the total:
 * - a lesson's history row (LESSON): its allocation and trial-conversion bonus are `lessons`, its approved
 *   extension `extensions`, its tutor penalty `penalties`, and what its pay entries add beyond those (admin
 *   adjustments, an approved concern's) `adjustments`; the row's parts add up to its `tutorAmount` exactly,
 *   since the row's amount is the sum of its entries;
 * - a penalty waiver (PENALTY_WAIVER): a deduction is a penalty; an addition gives a penalty back
 *   (`waived`); a deduction whose appeal was ACCEPTED is both, the penalty and its waiver, so it shows and
 *   nets to zero (its effect, `waiverEffect`);
 * - a manual adjustment of the tutor (MANUAL_ADJUSTMENT): `adjustments`, signed by its type.
 *
 * Which records belong to a period is the caller's read (a lesson by its start, a waiver by its lesson's
 * start or else its creation, an adjustment by its creation). Amounts in several currencies are totalled
 * per currency, never mixed.
 */
export const payParts = ['lessons', 'extensions', 'penalties', 'waived', 'adjustments'] as const;
export type PayPart = (typeof payParts)[number];

export type PaySource = 'LESSON' | 'PENALTY_WAIVER' | 'MANUAL_ADJUSTMENT';

/** One line of a total: which record, which part, by how much (signed: a penalty is negative). */
export interface PayLine {
  source: PaySource;
  sourceId: string;
  part: PayPart;
  amount: Money;
  /** When it counts: the lesson's start, the waiver's lesson or creation, the adjustment's creation. */
  at: string;
  description: string;
}

export interface PayTotal {
  currency: CurrencyCode;
  lessons: Money;
  extensions: Money;
  /** Negative (or zero): what penalties took. */
  penalties: Money;
  /** Positive (or zero): what waivers gave back. */
  waived: Money;
  adjustments: Money;
  total: Money;
}

type LessonPay = PayColumns &
  Pick<LessonHistory, '_id' | 'start' | 'course' | 'allocatedTutorAmount' | 'tutorAmount'>;

/** A lesson row's lines: its parts, which add up to its tutor amount (none for a row with no pay yet). */
export function lessonPayLines(row: LessonPay): PayLine[] {
  const currency = row.tutorAmountCurrency ?? row.tutorAmount?.currency ?? row.tutorRate?.currency;
  if (!currency || !row.tutorAmount) return [];
  const columns = { ...row, tutorAmountCurrency: currency };
  const allocated = row.allocatedTutorAmount ?? zero(currency);
  const trial = contributionOf(columns, 'TRIAL_CONVERSION');
  const extension = contributionOf(columns, 'EXTENSION');
  const penalty = contributionOf(columns, 'PENALTY');
  const lessons = add(allocated, trial);
  const adjustments = subtract(row.tutorAmount, sum([lessons, extension, penalty], currency));
  const line = (part: PayPart, amount: Money): PayLine => ({
    source: 'LESSON',
    sourceId: row._id,
    part,
    amount,
    at: row.start,
    description: row.course.title,
  });
  return [
    line('lessons', lessons),
    ...(extension.minor !== 0 ? [line('extensions', extension)] : []),
    ...(penalty.minor !== 0 ? [line('penalties', penalty)] : []),
    ...(adjustments.minor !== 0 ? [line('adjustments', adjustments)] : []),
  ];
}

/** A waiver's lines: they add up to its effect on the tutor's pay (`waiverEffect`). */
export function waiverPayLines(
  waiver: Pick<
    PenaltyWaiver,
    '_id' | 'type' | 'amount' | 'appealStatus' | 'lessonStart' | 'createdAt' | 'reason'
  >,
): PayLine[] {
  const line = (part: PayPart, amount: Money): PayLine => ({
    source: 'PENALTY_WAIVER',
    sourceId: waiver._id,
    part,
    amount,
    at: waiver.lessonStart ?? waiver.createdAt,
    description: waiver.reason,
  });
  if (waiver.type === 'ADDITION') return [line('waived', waiverEffect(waiver))];
  const charged = negate(waiver.amount);
  return waiver.appealStatus === 'ACCEPTED'
    ? [line('penalties', charged), line('waived', waiver.amount)]
    : [line('penalties', charged)];
}

/** A manual adjustment's line: its signed amount. */
export function adjustmentPayLine(
  adjustment: Pick<ManualAdjustment, '_id' | 'type' | 'amount' | 'createdAt' | 'note'>,
): PayLine {
  return {
    source: 'MANUAL_ADJUSTMENT',
    sourceId: adjustment._id,
    part: 'adjustments',
    amount: signedAmount(adjustment),
    at: adjustment.createdAt,
    description: adjustment.note,
  };
}

/** Totals of lines, one per currency (sorted by code); each total is the sum of its parts. */
export function payTotals(lines: readonly PayLine[]): PayTotal[] {
  const totals = new Map<CurrencyCode, PayTotal>();
  for (const line of lines) {
    const { currency } = line.amount;
    const current = totals.get(currency) ?? {
      currency,
      lessons: zero(currency),
      extensions: zero(currency),
      penalties: zero(currency),
      waived: zero(currency),
      adjustments: zero(currency),
      total: zero(currency),
    };
    totals.set(currency, {
      ...current,
      [line.part]: add(current[line.part], line.amount),
      total: add(current.total, line.amount),
    });
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Every line of a tutor's period, by time (then source and id): what the totals are the sum of. */
export function tutorPayLines(input: {
  lessons: readonly LessonPay[];
  waivers: Parameters<typeof waiverPayLines>[0][];
  adjustments: Parameters<typeof adjustmentPayLine>[0][];
}): PayLine[] {
  return [
    ...input.lessons.flatMap(lessonPayLines),
    ...input.waivers.flatMap(waiverPayLines),
    ...input.adjustments.map(adjustmentPayLine),
  ].sort(
    (a, b) =>
      a.at.localeCompare(b.at) || a.source.localeCompare(b.source) || a.sourceId.localeCompare(b.sourceId),
  );
}
