import { DateTime } from 'luxon';
import type { CurrencyCode } from './currencies';
import { add, type Money, subtract, zero } from './money';

/**
 * Month buckets of the finance overview (issue #18 item 7, "charts of revenue and tutor pay over time"):
 * a period is whole calendar months in the viewer's time zone, at most `MAX_REPORT_MONTHS` of them, so the
 * query that reads it is bounded by the period. Amounts are summed per currency (a school may take several;
 * amounts of different currencies are never added together), in minor units.
 */

export const MAX_REPORT_MONTHS = 24;

/** A month as `YYYY-MM`. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The months from `from` to `to`, both included, oldest first (empty when `to` is before `from`). */
export function monthsBetween(from: Month, to: Month): Month[] {
  const start = DateTime.fromFormat(from, 'yyyy-MM', { zone: 'UTC' });
  const end = DateTime.fromFormat(to, 'yyyy-MM', { zone: 'UTC' });
  if (!start.isValid || !end.isValid) return [];
  const months: Month[] = [];
  for (let month = start; month <= end; month = month.plus({ months: 1 })) {
    months.push(month.toFormat('yyyy-MM'));
  }
  return months;
}

/** The instants a period covers in `zone`: from the first month's start up to (not including) the month after the last. */
export function periodInstants(from: Month, to: Month, zone: string): { start: string; end: string } {
  const start = DateTime.fromFormat(from, 'yyyy-MM', { zone }).startOf('month');
  const end = DateTime.fromFormat(to, 'yyyy-MM', { zone }).startOf('month').plus({ months: 1 });
  return { start: start.toUTC().toISO() ?? '', end: end.toUTC().toISO() ?? '' };
}

/** The month (in `zone`) an instant falls in. */
export function monthOf(instant: string, zone: string): Month {
  return DateTime.fromISO(instant, { zone }).toFormat('yyyy-MM');
}

/** A money fact of the payment history: what was paid or given back, and when. */
export interface RevenueFact {
  kind: string;
  amount: Money;
  createdAt: string;
}

export interface RevenueMonth {
  month: Month;
  payments: Money;
  refunds: Money;
  /** Payments minus refunds. */
  revenue: Money;
}

export interface RevenueSeries {
  currency: CurrencyCode;
  months: RevenueMonth[];
  total: Omit<RevenueMonth, 'month'>;
}

/**
 * Revenue per month and currency: PAYMENT rows add, REFUND rows take away (other rows, a dispute's, are not
 * revenue facts of their own: a lost dispute is already money the school never keeps, shown in the payment
 * history). Facts outside the months are ignored. Currencies in code order; every month present (zeros).
 */
export function revenueByMonth(facts: readonly RevenueFact[], months: readonly Month[], zone: string) {
  const series = new Map<CurrencyCode, Map<Month, RevenueMonth>>();
  const bucket = (currency: CurrencyCode, month: Month) => {
    let byMonth = series.get(currency);
    if (!byMonth) {
      byMonth = new Map(
        months.map((m) => [
          m,
          { month: m, payments: zero(currency), refunds: zero(currency), revenue: zero(currency) },
        ]),
      );
      series.set(currency, byMonth);
    }
    return byMonth.get(month);
  };
  const wanted = new Set(months);
  for (const fact of facts) {
    if (fact.kind !== 'PAYMENT' && fact.kind !== 'REFUND') continue;
    const month = monthOf(fact.createdAt, zone);
    if (!wanted.has(month)) continue;
    const row = bucket(fact.amount.currency, month);
    if (!row) continue;
    if (fact.kind === 'PAYMENT') row.payments = add(row.payments, fact.amount);
    else row.refunds = add(row.refunds, fact.amount);
    row.revenue = subtract(row.payments, row.refunds);
  }
  return [...series.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, byMonth]): RevenueSeries => {
      const rows = months.flatMap((m) => byMonth.get(m) ?? []);
      const total = rows.reduce(
        (sum, row) => ({
          payments: add(sum.payments, row.payments),
          refunds: add(sum.refunds, row.refunds),
          revenue: add(sum.revenue, row.revenue),
        }),
        { payments: zero(currency), refunds: zero(currency), revenue: zero(currency) },
      );
      return { currency, months: rows, total };
    });
}

/** A lesson of the history with what its tutor is owed for it. */
export interface TutorPayFact {
  start: string;
  tutorAmount?: Money | null | undefined;
}

export interface TutorPayMonth {
  month: Month;
  amount: Money;
  /** Lessons with an amount in that month. */
  lessons: number;
}

export interface TutorPaySeries {
  currency: CurrencyCode;
  months: TutorPayMonth[];
  total: { amount: Money; lessons: number };
}

/** Tutor pay per month (of the lesson's start) and currency: the sum of the lessons' tutor amounts. */
export function tutorPayByMonth(facts: readonly TutorPayFact[], months: readonly Month[], zone: string) {
  const series = new Map<CurrencyCode, Map<Month, TutorPayMonth>>();
  const wanted = new Set(months);
  for (const fact of facts) {
    if (!fact.tutorAmount) continue;
    const month = monthOf(fact.start, zone);
    if (!wanted.has(month)) continue;
    const { currency } = fact.tutorAmount;
    let byMonth = series.get(currency);
    if (!byMonth) {
      byMonth = new Map(months.map((m) => [m, { month: m, amount: zero(currency), lessons: 0 }]));
      series.set(currency, byMonth);
    }
    const row = byMonth.get(month);
    if (!row) continue;
    row.amount = add(row.amount, fact.tutorAmount);
    row.lessons += 1;
  }
  return [...series.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, byMonth]): TutorPaySeries => {
      const rows = months.flatMap((m) => byMonth.get(m) ?? []);
      const total = rows.reduce(
        (sum, row) => ({ amount: add(sum.amount, row.amount), lessons: sum.lessons + row.lessons }),
        { amount: zero(currency), lessons: 0 },
      );
      return { currency, months: rows, total };
    });
}
