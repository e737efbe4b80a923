import { DateTime } from 'luxon';
import type { CurrencyCode } from './currencies';
import type { Money } from './money';

/**
 * Month buckets of the finance overview (issue #18 item 7, "charts of revenue and tutor pay over time"):
 * a period is whole calendar months in the viewer's time zone, at most `MAX_REPORT_MONTHS` of them. Amounts
 * are summed per currency (a school may take several; amounts of different currencies are never added
 * together), in minor units.
 *
 * Two ways to the same figures: from the facts themselves (`revenueByMonth`, `tutorPayByMonth`), and from
 * the monthly summaries the table keeps per UTC month and currency, moved in each fact's own transaction
 * (`revenueFromSummaries`, `tutorPayFromSummaries`), so a report's cost does not grow with its period. A
 * month of a zone other than UTC starts some hours before or after the UTC month: the facts of those hours
 * (`edgeRanges`, under a day at each month boundary) are read one by one and moved from their UTC month to
 * their zone's.
 */

export const MAX_REPORT_MONTHS = 24;

/** A month as `YYYY-MM`. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/**
 * The start of a month in `zone` (invalid for anything but YYYY-MM). fromObject, not fromFormat: luxon
 * parses a format anew at each call, about ten times slower, and a report computes dozens of month starts.
 */
function monthStart(month: Month, zone: string): DateTime {
  const found = MONTH.exec(month);
  return found
    ? DateTime.fromObject({ year: Number(found[1]), month: Number(found[2]) }, { zone })
    : DateTime.invalid('Not a month (YYYY-MM)');
}

/** The month of a DateTime in its own zone, as `YYYY-MM`. */
function monthName(time: DateTime): Month {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}`;
}

/** The months from `from` to `to`, both included, oldest first (empty when `to` is before `from`). */
export function monthsBetween(from: Month, to: Month): Month[] {
  const start = monthStart(from, 'UTC');
  const end = monthStart(to, 'UTC');
  if (!start.isValid || !end.isValid) return [];
  const months: Month[] = [];
  for (let month = start; month <= end; month = month.plus({ months: 1 })) {
    months.push(monthName(month));
  }
  return months;
}

/** The instants a period covers in `zone`: from the first month's start up to (not including) the month after the last. */
export function periodInstants(from: Month, to: Month, zone: string): { start: string; end: string } {
  const start = monthStart(from, zone);
  const end = monthStart(to, zone).plus({ months: 1 });
  return { start: start.toUTC().toISO() ?? '', end: end.toUTC().toISO() ?? '' };
}

/** The month (in `zone`) an instant falls in. */
export function monthOf(instant: string, zone: string): Month {
  return DateTime.fromISO(instant, { zone }).toFormat('yyyy-MM');
}

/** An ISO instant that names its offset, so Date.parse reads it as luxon does (not in the server's zone). */
const WITH_OFFSET = /T.*(Z|[+-]\d\d:?\d\d)$/;

/**
 * The UTC month of an instant without luxon, which takes about 0.05 ms a call: a zone's report moves
 * hundreds of facts (monthOf for anything this does not read).
 */
function utcMonthOf(instant: string): Month {
  const time = Date.parse(instant);
  const month =
    WITH_OFFSET.test(instant) && Number.isFinite(time) ? new Date(time).toISOString().slice(0, 7) : '';
  return isMonth(month) ? month : monthOf(instant, 'UTC');
}

/**
 * The month in `zone` of an instant, for the instants around a period (its months and one either side):
 * the zone's month starts computed once with luxon, then compared with each instant. monthOf for others.
 */
export function zoneMonthFinder(months: readonly Month[], zone: string): (instant: string) => Month {
  const first = months[0];
  if (!first) return (instant) => monthOf(instant, zone);
  const before = monthStart(first, zone).minus({ months: 1 });
  const starts = Array.from({ length: months.length + 3 }, (_, i) => {
    const start = before.plus({ months: i });
    return { month: monthName(start), at: start.toMillis() };
  });
  return (instant) => {
    const time = Date.parse(instant);
    if (!WITH_OFFSET.test(instant) || !Number.isFinite(time)) return monthOf(instant, zone);
    const next = starts.findIndex((start) => time < start.at);
    const found = next > 0 ? starts[next - 1] : undefined;
    return found ? found.month : monthOf(instant, zone);
  };
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

/** What a month keeps of revenue per currency: minor units, and how many facts (a currency with none is not shown). */
export type RevenueFigures = { payments: number; refunds: number; count: number };

/** What a month keeps of tutor pay per currency: the amount in minor units, and the lessons with one. */
export type TutorPayFigures = { amount: number; lessons: number };

/** A summary item as read: one UTC month's figures of one currency. */
export interface MonthSummary<Figures> {
  month: Month;
  currency: CurrencyCode;
  figures: Figures;
}

/** What one fact (or one change of a fact) adds to the month of its instant. */
export interface Contribution<Figures> {
  at: string;
  currency: CurrencyCode;
  figures: Figures;
}

/**
 * Revenue facts are PAYMENT and REFUND rows (other rows, a dispute's, are not revenue facts of their own: a
 * lost dispute is already money the school never keeps, shown in the payment history).
 */
export function revenueContribution(fact: RevenueFact): Contribution<RevenueFigures> | undefined {
  if (fact.kind !== 'PAYMENT' && fact.kind !== 'REFUND') return undefined;
  const { minor, currency } = fact.amount;
  const payment = fact.kind === 'PAYMENT';
  return {
    at: fact.createdAt,
    currency,
    figures: { payments: payment ? minor : 0, refunds: payment ? 0 : minor, count: 1 },
  };
}

/** A lesson with an amount counts in the month of its start. */
export function tutorPayContribution(fact: TutorPayFact): Contribution<TutorPayFigures> | undefined {
  return tutorPayChange(fact.start, undefined, fact.tutorAmount);
}

/**
 * A change of a lesson's tutor amount as its month takes it: the amount moved, and one lesson more when the
 * lesson had no amount before. Undefined when nothing moves.
 */
export function tutorPayChange(
  start: string,
  before: Money | null | undefined,
  after: Money | null | undefined,
): Contribution<TutorPayFigures> | undefined {
  if (!after) return undefined;
  const amount = after.minor - (before?.minor ?? 0);
  const lessons = before ? 0 : 1;
  if (amount === 0 && lessons === 0) return undefined;
  return { at: start, currency: after.currency, figures: { amount, lessons } };
}

/** The month a contribution's summary is kept in: UTC's, whatever zone reads it. */
function summaryMonthOf(instant: string): Month {
  return utcMonthOf(instant);
}

/**
 * Where a zone's months of a period and the UTC months differ: at each month boundary of the period (its
 * start, each month's, its end), from the earlier to the later of the zone's and UTC's start of that month
 * (start included, end not). None in UTC (or a zone at UTC's offset then).
 */
export function edgeRanges(months: readonly Month[], zone: string): Array<{ start: string; end: string }> {
  const last = months.at(-1);
  if (!last) return [];
  const utcStart = (month: Month) => monthStart(month, 'UTC');
  const after = monthName(utcStart(last).plus({ months: 1 }));
  return [...months, after].flatMap((month) => {
    const inZone = monthStart(month, zone).toUTC().toISO() ?? '';
    const inUtc = utcStart(month).toISO() ?? '';
    if (inZone === inUtc) return [];
    return [inZone < inUtc ? { start: inZone, end: inUtc } : { start: inUtc, end: inZone }];
  });
}

/** How a kind of figures adds up, and whether a currency's total is worth a series. */
interface FigureRules<Figures> {
  zero: Figures;
  plus(a: Figures, b: Figures, sign: 1 | -1): Figures;
  shown(total: Figures): boolean;
}

const revenueRules: FigureRules<RevenueFigures> = {
  zero: { payments: 0, refunds: 0, count: 0 },
  plus: (a, b, sign) => ({
    payments: a.payments + sign * b.payments,
    refunds: a.refunds + sign * b.refunds,
    count: a.count + sign * b.count,
  }),
  shown: (total) => total.count > 0,
};

const tutorPayRules: FigureRules<TutorPayFigures> = {
  zero: { amount: 0, lessons: 0 },
  plus: (a, b, sign) => ({ amount: a.amount + sign * b.amount, lessons: a.lessons + sign * b.lessons }),
  shown: (total) => total.lessons > 0,
};

/**
 * A period's figures per currency and month (in `zone`): the summaries of its UTC months, then each edge
 * fact taken from its UTC month and given to its zone's (either may be outside the period). Currencies in
 * code order, each with every month of the period; a currency with no fact in the period is left out.
 */
function monthlyFigures<Figures>(
  rules: FigureRules<Figures>,
  input: {
    summaries: ReadonlyArray<MonthSummary<Figures>>;
    edgeFacts: ReadonlyArray<Contribution<Figures>>;
    months: readonly Month[];
    zone: string;
  },
): Array<{ currency: CurrencyCode; months: Array<{ month: Month; figures: Figures }>; total: Figures }> {
  const wanted = new Set(input.months);
  const shownMonthOf = zoneMonthFinder(input.months, input.zone);
  const cells = new Map<CurrencyCode, Map<Month, Figures>>();
  const move = (currency: CurrencyCode, month: Month, figures: Figures, sign: 1 | -1) => {
    if (!wanted.has(month)) return;
    const byMonth = cells.get(currency) ?? new Map<Month, Figures>();
    cells.set(currency, byMonth);
    byMonth.set(month, rules.plus(byMonth.get(month) ?? rules.zero, figures, sign));
  };
  for (const summary of input.summaries) move(summary.currency, summary.month, summary.figures, 1);
  for (const fact of input.edgeFacts) {
    const kept = summaryMonthOf(fact.at);
    const shown = shownMonthOf(fact.at);
    if (kept === shown) continue;
    move(fact.currency, kept, fact.figures, -1);
    move(fact.currency, shown, fact.figures, 1);
  }
  return [...cells.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([currency, byMonth]) => {
      const rows = input.months.map((month) => ({ month, figures: byMonth.get(month) ?? rules.zero }));
      const total = rows.reduce((sum, row) => rules.plus(sum, row.figures, 1), rules.zero);
      return rules.shown(total) ? [{ currency, months: rows, total }] : [];
    });
}

/** Contributions summed per month of `zone` and currency (UTC: as the summary items keep them). */
function summariesOf<Figures>(
  rules: FigureRules<Figures>,
  contributions: ReadonlyArray<Contribution<Figures> | undefined>,
  zone: string,
): Array<MonthSummary<Figures>> {
  const cells = new Map<string, MonthSummary<Figures>>();
  // The summaries' own month (UTC) the fast way; a zone's from luxon (the figures of the facts themselves).
  const monthIn = zone === 'UTC' ? utcMonthOf : (instant: string) => monthOf(instant, zone);
  for (const fact of contributions) {
    if (!fact) continue;
    const month = monthIn(fact.at);
    const id = `${month}#${fact.currency}`;
    const figures = rules.plus(cells.get(id)?.figures ?? rules.zero, fact.figures, 1);
    cells.set(id, { month, currency: fact.currency, figures });
  }
  return [...cells.values()];
}

/** What a transaction's revenue facts add to each UTC month's summary (one write per item). */
export function revenueSummariesOf(contributions: ReadonlyArray<Contribution<RevenueFigures> | undefined>) {
  return summariesOf(revenueRules, contributions, 'UTC');
}

/** What a transaction's tutor pay changes add to each UTC month's summary. */
export function tutorPaySummariesOf(contributions: ReadonlyArray<Contribution<TutorPayFigures> | undefined>) {
  return summariesOf(tutorPayRules, contributions, 'UTC');
}

function revenueMoney(currency: CurrencyCode, figures: RevenueFigures): Omit<RevenueMonth, 'month'> {
  return {
    payments: { minor: figures.payments, currency },
    refunds: { minor: figures.refunds, currency },
    revenue: { minor: figures.payments - figures.refunds, currency },
  };
}

function revenueSeries(rows: ReturnType<typeof monthlyFigures<RevenueFigures>>): RevenueSeries[] {
  return rows.map(({ currency, months, total }) => ({
    currency,
    months: months.map(({ month, figures }) => ({ month, ...revenueMoney(currency, figures) })),
    total: revenueMoney(currency, total),
  }));
}

function tutorPaySeries(rows: ReturnType<typeof monthlyFigures<TutorPayFigures>>): TutorPaySeries[] {
  return rows.map(({ currency, months, total }) => ({
    currency,
    months: months.map(({ month, figures }) => ({
      month,
      amount: { minor: figures.amount, currency },
      lessons: figures.lessons,
    })),
    total: { amount: { minor: total.amount, currency }, lessons: total.lessons },
  }));
}

/**
 * Revenue per month and currency from the payment history's rows: PAYMENT rows add, REFUND rows take away.
 * Facts outside the months are ignored. Currencies in code order; every month present (zeros).
 */
export function revenueByMonth(facts: readonly RevenueFact[], months: readonly Month[], zone: string) {
  return revenueFromSummaries(
    summariesOf(revenueRules, facts.map(revenueContribution), zone),
    [],
    months,
    zone,
  );
}

/** The same figures from the UTC months' summaries and the rows of the period's edge ranges. */
export function revenueFromSummaries(
  summaries: ReadonlyArray<MonthSummary<RevenueFigures>>,
  edgeFacts: readonly RevenueFact[],
  months: readonly Month[],
  zone: string,
) {
  const edges = edgeFacts.flatMap((fact) => revenueContribution(fact) ?? []);
  return revenueSeries(monthlyFigures(revenueRules, { summaries, edgeFacts: edges, months, zone }));
}

/** Tutor pay per month (of the lesson's start) and currency: the sum of the lessons' tutor amounts. */
export function tutorPayByMonth(facts: readonly TutorPayFact[], months: readonly Month[], zone: string) {
  return tutorPayFromSummaries(
    summariesOf(tutorPayRules, facts.map(tutorPayContribution), zone),
    [],
    months,
    zone,
  );
}

/** The same figures from the UTC months' summaries and the lessons of the period's edge ranges. */
export function tutorPayFromSummaries(
  summaries: ReadonlyArray<MonthSummary<TutorPayFigures>>,
  edgeFacts: readonly TutorPayFact[],
  months: readonly Month[],
  zone: string,
) {
  const edges = edgeFacts.flatMap((fact) => tutorPayContribution(fact) ?? []);
  return tutorPaySeries(monthlyFigures(tutorPayRules, { summaries, edgeFacts: edges, months, zone }));
}
