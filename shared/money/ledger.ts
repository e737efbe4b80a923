import type { CurrencyCode } from './currencies';
import { type AdjustmentType, add, type Money, MoneyError, negate, zero } from './money';

/**
 * The ledger (issue #18 item 1): every money fact and every course credit is an entry, appended once and
 * never changed; a balance is the sum of an account's entries, so no stored number can be moved twice.
 *
 * Two kinds of account:
 * - a student's MONEY: what they paid (PAYMENT), what came back (REFUND), what a dispute took back while it
 *   is open (DISPUTE) and gave again when the school won it (DISPUTE_WON), and the back-office's manual
 *   ADJUSTMENTs. Its balance is one amount per currency (a school may take several).
 * - a student's CREDITS on one course of payment type CREDIT: bought (TOPUP, and the credits an enrolment
 *   comes with: ENROLMENT), used by a lesson booked for them (USE) and given back when that lesson is
 *   cancelled (RETURN), or taken away when the payment that bought them is refunded (REVERSAL). Whole
 *   credits, never money.
 * - a student's lesson MINUTES, bought with flexible plans whose unit is MINUTES (PLAN_MINUTES) and drawn by
 *   the lessons booked for them, whatever their course (MINUTES_USE: the lesson's length), given back when
 *   the lesson is cancelled (MINUTES_RETURN) or taken away when the plan's payment is refunded in full
 *   (MINUTES_REVERSAL). One account per student: minutes from several plans pool.
 * - a student's ACCESS, bought with flexible plans sold for a time (DAYS to YEARS): each purchase a
 *   PLAN_ACCESS entry carrying its term, taken back by an ACCESS_REVERSAL when its payment is refunded in
 *   full. No balance: the periods are derived from the entries (shared/money/plan-access.ts).
 */
export const ledgerAccountKinds = ['MONEY', 'CREDITS', 'MINUTES', 'ACCESS'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const moneyEntryKinds = ['PAYMENT', 'REFUND', 'DISPUTE', 'DISPUTE_WON', 'ADJUSTMENT'] as const;
export type MoneyEntryKind = (typeof moneyEntryKinds)[number];
export const creditEntryKinds = ['ENROLMENT', 'TOPUP', 'USE', 'RETURN', 'REVERSAL'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];
export const minuteEntryKinds = [
  'PLAN_MINUTES',
  'MINUTES_USE',
  'MINUTES_RETURN',
  'MINUTES_REVERSAL',
] as const;
export type MinuteEntryKind = (typeof minuteEntryKinds)[number];
export const accessEntryKinds = ['PLAN_ACCESS', 'ACCESS_REVERSAL'] as const;
export type AccessEntryKind = (typeof accessEntryKinds)[number];
export const ledgerEntryKinds = [
  ...moneyEntryKinds,
  ...creditEntryKinds,
  ...minuteEntryKinds,
  ...accessEntryKinds,
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** The rows of payment history (functions/repositories/payments.ts): what happened to a payment. */
export const paymentKinds = [
  'PAYMENT',
  'REFUND',
  'DISPUTE',
  'DISPUTE_WON',
  'DISPUTE_LOST',
  'FAILED',
] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** Which way an entry of each kind moves its account: +1 adds to it, -1 takes from it. */
const SIGNS: { [K in Exclude<LedgerEntryKind, 'ADJUSTMENT'>]: 1 | -1 } = {
  PAYMENT: 1,
  REFUND: -1,
  DISPUTE: -1,
  DISPUTE_WON: 1,
  ENROLMENT: 1,
  TOPUP: 1,
  USE: -1,
  RETURN: 1,
  REVERSAL: -1,
  PLAN_MINUTES: 1,
  MINUTES_USE: -1,
  MINUTES_RETURN: 1,
  MINUTES_REVERSAL: -1,
  PLAN_ACCESS: 1,
  ACCESS_REVERSAL: -1,
};

/** The entry kinds that draw on a balance and are therefore held to what it holds (never below zero). */
export const drawingEntryKinds: ReadonlySet<LedgerEntryKind> = new Set(['USE', 'MINUTES_USE']);

/** The account an entry of a kind belongs to. */
export function accountKindOf(kind: LedgerEntryKind): LedgerAccountKind {
  if ((moneyEntryKinds as readonly string[]).includes(kind)) return 'MONEY';
  if ((accessEntryKinds as readonly string[]).includes(kind)) return 'ACCESS';
  return (minuteEntryKinds as readonly string[]).includes(kind) ? 'MINUTES' : 'CREDITS';
}

/**
 * The id of an account: a student's money (`MONEY#<userId>`), their credits on one course
 * (`CREDITS#<userId>#<courseId>`), their lesson minutes (`MINUTES#<userId>`) or their access periods
 * (`ACCESS#<userId>`).
 */
export type LedgerAccount =
  | { kind: 'MONEY'; userId: string }
  | { kind: 'CREDITS'; userId: string; courseId: string }
  | { kind: 'MINUTES'; userId: string }
  | { kind: 'ACCESS'; userId: string };

export function accountId(account: LedgerAccount): string {
  switch (account.kind) {
    case 'MONEY':
      return `MONEY#${account.userId}`;
    case 'CREDITS':
      return `CREDITS#${account.userId}#${account.courseId}`;
    case 'MINUTES':
      return `MINUTES#${account.userId}`;
    case 'ACCESS':
      return `ACCESS#${account.userId}`;
  }
}

/** The kind of account an id (accountId) names. */
export function accountKindOfId(id: string): LedgerAccountKind | undefined {
  const prefix = id.slice(0, id.indexOf('#'));
  return ledgerAccountKinds.find((kind) => kind === prefix);
}

/**
 * An entry's id, derived from its cause only (the Stripe object or event, the lesson and student, the
 * request's idempotency key): writing it again for the same cause finds it there and writes nothing, so
 * a redelivered webhook or a retried consumer can never count twice.
 */
export function ledgerEntryId(kind: LedgerEntryKind, ...cause: readonly string[]): string {
  if (cause.length === 0 || cause.some((part) => part === '')) {
    throw new MoneyError('A ledger entry is named by its cause');
  }
  return [kind, ...cause].join(':');
}

/**
 * A money entry's signed amount from the positive amount of its cause: a payment adds, a refund or an open
 * dispute takes away; an adjustment goes the way its type says (ADDITION / DEDUCTION).
 */
export function signedMoneyEntry(
  kind: MoneyEntryKind,
  amount: Money,
  adjustmentType?: AdjustmentType,
): Money {
  if (amount.minor < 0)
    throw new MoneyError('An entry is made from a positive amount; its kind gives the sign');
  if (kind === 'ADJUSTMENT') {
    if (!adjustmentType) throw new MoneyError('An adjustment says whether it adds or deducts');
    return adjustmentType === 'ADDITION' ? amount : negate(amount);
  }
  return SIGNS[kind] === 1 ? amount : negate(amount);
}

/** A credit entry's signed count from the positive number of credits of its cause. */
export function signedCreditEntry(kind: CreditEntryKind, credits: number): number {
  if (!Number.isSafeInteger(credits) || credits <= 0) {
    throw new MoneyError('Credits are moved a whole, positive number at a time');
  }
  return SIGNS[kind] * credits;
}

/** A minute entry's signed count from the positive number of minutes of its cause. */
export function signedMinuteEntry(kind: MinuteEntryKind, minutes: number): number {
  if (!Number.isSafeInteger(minutes) || minutes <= 0) {
    throw new MoneyError('Minutes are moved a whole, positive number at a time');
  }
  return SIGNS[kind] * minutes;
}

/** What a balance reads of an entry: its signed amount (money), signed credits or signed minutes. */
export interface BalanceEntry {
  amount?: Money | undefined;
  credits?: number | undefined;
  minutes?: number | undefined;
}

/**
 * A money account's balance: the sum of its entries' signed amounts, one per currency (sorted by code), an
 * account with no entries having none. Never mixes currencies.
 */
export function moneyBalance(entries: readonly BalanceEntry[]): Money[] {
  const totals = new Map<CurrencyCode, Money>();
  for (const { amount } of entries) {
    if (!amount) continue;
    totals.set(amount.currency, add(totals.get(amount.currency) ?? zero(amount.currency), amount));
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A credit account's balance: the sum of its entries' signed credits. */
export function creditBalance(entries: readonly BalanceEntry[]): number {
  return entries.reduce((total, entry) => total + (entry.credits ?? 0), 0);
}

/** A minutes account's balance: the sum of its entries' signed minutes. */
export function minuteBalance(entries: readonly BalanceEntry[]): number {
  return entries.reduce((total, entry) => total + (entry.minutes ?? 0), 0);
}

/** Whether an account holding `balance` credits can give `wanted` more: never below zero. */
export function canUseCredits(balance: number, wanted: number): boolean {
  return wanted > 0 && balance >= wanted;
}

export const NO_CREDITS_MESSAGE =
  'No lesson credits are left on this course. Top up the course to book another lesson.';

/** A series refused for its credits: it needs one per lesson (and student), all at once. */
export function notEnoughCreditsMessage(lessons: number): string {
  return `Not enough credits: this series of ${lessons} lessons needs ${lessons} credits on this course for each of its students. Top up the course or book fewer lessons.`;
}

/**
 * A booking refused for its student's lesson minutes (bought with flexible plans): the lessons it books need
 * `needed` minutes of one of its students, more than they hold.
 */
export function notEnoughMinutesMessage(needed: number, lessons = 1): string {
  const what = lessons === 1 ? 'this lesson' : `this series of ${lessons} lessons`;
  return `Not enough lesson minutes: ${what} needs ${needed} minutes of each student's flexible plan, and a student has fewer left. Buy more minutes on the plans page or book a shorter lesson.`;
}

/**
 * A lesson paid from plan minutes keeps the length it drew when it moves: a longer or shorter lesson is a
 * new booking (its minutes given back by the cancel, the new length drawn by the booking).
 */
export const MINUTES_LESSON_LENGTH_MESSAGE =
  'This lesson was paid from lesson minutes for its length: move it at the same length, or cancel it and book a lesson of the new length.';

/**
 * How long a lesson is, in the minutes it draws from a flexible plan: from its start to its end, whole
 * minutes (a lesson's times are whole minutes; anything shorter than one is refused rather than rounded).
 */
export function lessonMinutes(lesson: { start: string; end: string }): number {
  const minutes = (Date.parse(lesson.end) - Date.parse(lesson.start)) / 60_000;
  if (!Number.isSafeInteger(minutes) || minutes <= 0) {
    throw new MoneyError('A lesson lasts a whole, positive number of minutes');
  }
  return minutes;
}

/**
 * Whether a student's lesson is paid from their plan minutes: a billable lesson, of a student who holds a
 * minutes account (bought a flexible MINUTES plan at least once), unless the course takes it from their
 * credits there (a credit course they are on by credit) or it starts within a period of access they bought
 * (a flexible plan sold for a time includes its lessons). Someone who never bought minutes books as before:
 * their course's enrolment pays.
 */
export function drawsPlanMinutes(input: {
  billable: boolean;
  holdsMinutes: boolean;
  paysByCourseCredits: boolean;
  coveredByAccess: boolean;
}): boolean {
  return input.billable && input.holdsMinutes && !input.paysByCourseCredits && !input.coveredByAccess;
}

/**
 * How many credits a top-up or a credit course's enrolment buys: the amount paid divided by the price of
 * one credit (a lesson of the course), whole credits only. A payment that does not buy a whole credit is a
 * mistake of whoever priced it, refused rather than rounded.
 */
export function creditsBought(paid: Money, perCredit: Money): number {
  if (paid.currency !== perCredit.currency || perCredit.minor <= 0) {
    throw new MoneyError('A credit is priced in the currency paid, above zero');
  }
  if (paid.minor <= 0 || paid.minor % perCredit.minor !== 0) {
    throw new MoneyError('A payment for credits buys a whole number of them');
  }
  return paid.minor / perCredit.minor;
}

/**
 * The part of a payment a refund gives back now: Stripe reports a charge's refunds as one cumulative
 * amount, so each report adds what it says beyond what was already entered (nothing when it says less, a
 * report older than one already applied).
 */
export function refundIncrement(refundedSoFar: Money, reported: Money): Money {
  if (reported.currency !== refundedSoFar.currency) {
    throw new MoneyError('A refund is in the currency of its payment');
  }
  return reported.minor > refundedSoFar.minor
    ? { minor: reported.minor - refundedSoFar.minor, currency: reported.currency }
    : zero(reported.currency);
}
