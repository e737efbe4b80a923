import { type BillingPeriodUnit, billingPeriodUnits, type FlexiblePlanUnit } from './finance';
import { MoneyError } from './money';

/**
 * Flexible plans sold for a time (DAYS, WEEKS, MONTHS or YEARS, spec 002 "Plans and groups"): what they buy
 * is a period in which the student's lessons are included, not a balance. Each purchase is a PLAN_ACCESS
 * entry of the ledger (shared/money/ledger.ts) with its term; the periods are derived from those entries,
 * never stored as a date two writers could move.
 */
export type AccessUnit = BillingPeriodUnit;
export const accessUnits = billingPeriodUnits;

export function isAccessUnit(unit: FlexiblePlanUnit): unit is AccessUnit {
  return accessUnits.some((accessUnit) => accessUnit === unit);
}

/** One purchase of access: when it was paid, and for how long. */
export interface AccessPurchase {
  paidAt: string;
  duration: number;
  durationUnit: AccessUnit;
}

const DAY_MS = 86_400_000;

/** `months` calendar months after `from` (UTC), the day kept or, past the month's end, its last day. */
function plusMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * When a term that starts at `start` ends: calendar units in UTC, a month from 31 January ending on the last
 * day of February, so a month is a calendar month and not 30 days (and a year from 29 February ends on 28
 * February).
 */
export function termEnd(start: string, duration: number, unit: AccessUnit): string {
  if (!Number.isSafeInteger(duration) || duration <= 0) {
    throw new MoneyError('A plan lasts a whole, positive number of its units');
  }
  const from = new Date(start);
  if (Number.isNaN(from.getTime())) throw new MoneyError('A term starts at a valid instant');
  switch (unit) {
    case 'DAYS':
      return new Date(from.getTime() + duration * DAY_MS).toISOString();
    case 'WEEKS':
      return new Date(from.getTime() + duration * 7 * DAY_MS).toISOString();
    case 'MONTHS':
      return plusMonths(from, duration).toISOString();
    case 'YEARS':
      return plusMonths(from, duration * 12).toISOString();
  }
}

/**
 * The periods a student's purchases give, oldest first: each purchase starts when it is paid, or, bought
 * while an earlier period still runs, when that one ends (a second month bought mid-month adds a month to
 * the end rather than overlapping), so nothing paid for is lost. Contiguous periods are merged.
 */
export function accessPeriods(purchases: readonly AccessPurchase[]): Array<{ from: string; until: string }> {
  const periods: Array<{ from: string; until: string }> = [];
  const sorted = [...purchases].sort((a, b) => Date.parse(a.paidAt) - Date.parse(b.paidAt));
  for (const purchase of sorted) {
    const last = periods.at(-1);
    const runs = last !== undefined && Date.parse(last.until) >= Date.parse(purchase.paidAt);
    const start = runs ? last.until : new Date(Date.parse(purchase.paidAt)).toISOString();
    const until = termEnd(start, purchase.duration, purchase.durationUnit);
    if (runs) last.until = until;
    else periods.push({ from: start, until });
  }
  return periods;
}

/** Whether an instant falls inside one of the periods (from inclusive, until exclusive). */
export function hasAccessAt(periods: ReadonlyArray<{ from: string; until: string }>, at: string): boolean {
  const instant = Date.parse(at);
  return periods.some((period) => Date.parse(period.from) <= instant && instant < Date.parse(period.until));
}

/** The end of the period running at `now`, if one runs (what the student's billing shows). */
export function accessUntil(
  periods: ReadonlyArray<{ from: string; until: string }>,
  now: string,
): string | undefined {
  const instant = Date.parse(now);
  return periods.find((period) => Date.parse(period.from) <= instant && instant < Date.parse(period.until))
    ?.until;
}
