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
 */
export const ledgerAccountKinds = ['MONEY', 'CREDITS'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const moneyEntryKinds = ['PAYMENT', 'REFUND', 'DISPUTE', 'DISPUTE_WON', 'ADJUSTMENT'] as const;
export type MoneyEntryKind = (typeof moneyEntryKinds)[number];
export const creditEntryKinds = ['ENROLMENT', 'TOPUP', 'USE', 'RETURN', 'REVERSAL'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];
export const ledgerEntryKinds = [...moneyEntryKinds, ...creditEntryKinds] as const;
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
};

/** The account an entry of a kind belongs to. */
export function accountKindOf(kind: LedgerEntryKind): LedgerAccountKind {
  return (moneyEntryKinds as readonly string[]).includes(kind) ? 'MONEY' : 'CREDITS';
}

/**
 * The id of an account: a student's money (`MONEY#<userId>`) or their credits on one course
 * (`CREDITS#<userId>#<courseId>`).
 */
export type LedgerAccount =
  | { kind: 'MONEY'; userId: string }
  | { kind: 'CREDITS'; userId: string; courseId: string };

export function accountId(account: LedgerAccount): string {
  return account.kind === 'MONEY'
    ? `MONEY#${account.userId}`
    : `CREDITS#${account.userId}#${account.courseId}`;
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

/** What a balance reads of an entry: its signed amount (money) or signed credits. */
export interface BalanceEntry {
  amount?: Money | undefined;
  credits?: number | undefined;
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
