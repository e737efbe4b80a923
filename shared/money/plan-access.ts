import { DateTime } from 'luxon';
import { type BillingPeriodUnit, billingPeriodUnits, type FlexiblePlanUnit } from './finance';
import { MoneyError } from './money';

/**
 * Flexible plans sold for a time (DAYS, WEEKS, MONTHS or YEARS, spec 002 "Plans and groups"): what they buy
 * is a period in which the student's lessons are included, not a balance. Each purchase is a PLAN_ACCESS
 * entry of the ledger (shared/money/ledger.ts) with its term; the periods are derived from those entries,
 * never stored as a date two writers could move. Kept apart from ledger.ts: it needs calendar arithmetic
 * (luxon), which bundles reading only balances do not load.
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

const LUXON_UNITS = { DAYS: 'days', WEEKS: 'weeks', MONTHS: 'months', YEARS: 'years' } as const;

/**
 * When a term that starts at `start` ends: calendar units in UTC, a month from 31 January ending on the last
 * day of February (luxon's rule), so a month is a calendar month and not 30 days.
 */
export function termEnd(start: string, duration: number, unit: AccessUnit): string {
  if (!Number.isSafeInteger(duration) || duration <= 0) {
    throw new MoneyError('A plan lasts a whole, positive number of its units');
  }
  const from = DateTime.fromISO(start, { zone: 'utc' });
  if (!from.isValid) throw new MoneyError('A term starts at a valid instant');
  return (
    from
      .plus({ [LUXON_UNITS[unit]]: duration })
      .toUTC()
      .toISO() ?? start
  );
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
