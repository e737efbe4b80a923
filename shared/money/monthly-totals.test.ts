import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  edgeRanges,
  monthOf,
  monthsBetween,
  periodInstants,
  type RevenueFact,
  revenueByMonth,
  revenueContribution,
  revenueFromSummaries,
  revenueSummariesOf,
  type TutorPayFact,
  tutorPayByMonth,
  tutorPayChange,
  tutorPayContribution,
  tutorPayFromSummaries,
  tutorPaySummariesOf,
  zoneMonthFinder,
} from './monthly-totals';

const usd = (minor: number) => ({ minor, currency: 'USD' as const });
const eur = (minor: number) => ({ minor, currency: 'EUR' as const });

describe('month buckets', () => {
  it('lists the months of a period, across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
  });

  it("gives the period's instants in the viewer's zone", () => {
    expect(periodInstants('2026-01', '2026-02', 'Asia/Singapore')).toEqual({
      start: '2025-12-31T16:00:00.000Z',
      end: '2026-02-28T16:00:00.000Z',
    });
  });

  it('sums payments minus refunds per month and currency, to the cent, in the zone', () => {
    const series = revenueByMonth(
      [
        { kind: 'PAYMENT', amount: usd(1050), createdAt: '2026-01-03T10:00:00.000Z' },
        { kind: 'PAYMENT', amount: usd(1), createdAt: '2026-01-31T23:30:00.000Z' }, // Feb in Singapore
        { kind: 'REFUND', amount: usd(333), createdAt: '2026-01-20T00:00:00.000Z' },
        { kind: 'DISPUTE', amount: usd(999), createdAt: '2026-01-20T00:00:00.000Z' },
        { kind: 'PAYMENT', amount: eur(700), createdAt: '2026-02-10T00:00:00.000Z' },
        { kind: 'PAYMENT', amount: usd(5000), createdAt: '2026-04-10T00:00:00.000Z' }, // outside
      ],
      ['2026-01', '2026-02'],
      'Asia/Singapore',
    );
    expect(series.map((s) => s.currency)).toEqual(['EUR', 'USD']);
    const dollars = series[1];
    expect(dollars?.months).toEqual([
      { month: '2026-01', payments: usd(1050), refunds: usd(333), revenue: usd(717) },
      { month: '2026-02', payments: usd(1), refunds: usd(0), revenue: usd(1) },
    ]);
    expect(dollars?.total).toEqual({ payments: usd(1051), refunds: usd(333), revenue: usd(718) });
    expect(series[0]?.months[0]?.revenue).toEqual(eur(0));
  });

  it("sums tutors' pay per month of the lesson's start, skipping lessons without an amount", () => {
    const [series] = tutorPayByMonth(
      [
        { start: '2026-01-05T09:00:00.000Z', tutorAmount: usd(1875) },
        { start: '2026-01-06T09:00:00.000Z', tutorAmount: usd(2500) },
        { start: '2026-01-07T09:00:00.000Z', tutorAmount: null },
        { start: '2026-02-07T09:00:00.000Z', tutorAmount: usd(-125) },
      ],
      ['2026-01', '2026-02', '2026-03'],
      'UTC',
    );
    expect(series?.months.map((m) => [m.month, m.amount.minor, m.lessons])).toEqual([
      ['2026-01', 4375, 2],
      ['2026-02', -125, 1],
      ['2026-03', 0, 0],
    ]);
    expect(series?.total).toEqual({ amount: usd(4250), lessons: 3 });
  });
});

/** A small deterministic generator (mulberry32): the same "random" data on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('figures from monthly summaries', () => {
  const zones: [string, ...string[]] = [
    'UTC',
    'Asia/Singapore',
    'America/New_York',
    'Pacific/Kiritimati',
    'Asia/Kathmandu',
    'Pacific/Pago_Pago',
  ];

  /** Instants over 2025-2026, one in three within a day of a month boundary (where zones and UTC differ). */
  function instants(random: () => number, count: number): string[] {
    return Array.from({ length: count }, () => {
      const month = Math.floor(random() * 24);
      const boundary = Date.UTC(2025, month, 1);
      const offset = random() < 0.34 ? (random() - 0.5) * 2 * 86_400_000 : random() * 28 * 86_400_000;
      return new Date(Math.floor(boundary + offset)).toISOString();
    });
  }

  it('are the figures of the facts themselves, in every zone and period (random data)', () => {
    const random = generator(18);
    const currencies = ['USD', 'EUR', 'JPY'] as const;
    const pick = <T>(values: readonly [T, ...T[]]): T =>
      values[Math.floor(random() * values.length)] ?? values[0];
    const revenueFacts: RevenueFact[] = instants(random, 400).map((createdAt) => ({
      kind: pick(['PAYMENT', 'PAYMENT', 'REFUND', 'DISPUTE']),
      amount: { minor: Math.floor(random() * 100_000), currency: pick(currencies) },
      createdAt,
    }));
    const lessonFacts: TutorPayFact[] = instants(random, 400).map((start) => ({
      start,
      tutorAmount:
        random() < 0.1 ? null : { minor: Math.floor((random() - 0.2) * 10_000), currency: pick(currencies) },
    }));
    // What the table keeps: the summaries of every fact, by UTC month.
    const revenueSummaries = revenueSummariesOf(revenueFacts.map(revenueContribution));
    const tutorPaySummaries = tutorPaySummariesOf(lessonFacts.map(tutorPayContribution));
    for (let run = 0; run < 25; run++) {
      const zone = pick(zones);
      const from = monthsBetween('2025-01', '2026-12')[Math.floor(random() * 24)] ?? '2025-01';
      const months = monthsBetween(from, '2026-12').slice(0, 1 + Math.floor(random() * 12));
      const first = months[0] ?? from;
      const last = months.at(-1) ?? from;
      // What the service reads: the period's UTC months' summaries, and the facts of the edge ranges.
      const ranges = edgeRanges(months, zone);
      const inRanges = (at: string) => ranges.some((range) => at >= range.start && at < range.end);
      const inMonths = <S extends { month: string }>(summary: S) =>
        summary.month >= first && summary.month <= last;
      expect(
        revenueFromSummaries(
          revenueSummaries.filter(inMonths),
          revenueFacts.filter((fact) => inRanges(fact.createdAt)),
          months,
          zone,
        ),
      ).toEqual(revenueByMonth(revenueFacts, months, zone));
      expect(
        tutorPayFromSummaries(
          tutorPaySummaries.filter(inMonths),
          lessonFacts.filter((fact) => inRanges(fact.start)),
          months,
          zone,
        ),
      ).toEqual(tutorPayByMonth(lessonFacts, months, zone));
    }
  });

  it('reads no fact in UTC, and a day at most at each month boundary of another zone', () => {
    expect(edgeRanges(['2026-01', '2026-02'], 'UTC')).toEqual([]);
    expect(edgeRanges(['2026-01', '2026-02'], 'Asia/Singapore')).toEqual([
      { start: '2025-12-31T16:00:00.000Z', end: '2026-01-01T00:00:00.000Z' },
      { start: '2026-01-31T16:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
      { start: '2026-02-28T16:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
    ]);
    // New York is behind UTC, by 5 hours in winter and 4 in summer.
    expect(edgeRanges(['2026-03'], 'America/New_York')).toEqual([
      { start: '2026-03-01T00:00:00.000Z', end: '2026-03-01T05:00:00.000Z' },
      { start: '2026-04-01T00:00:00.000Z', end: '2026-04-01T04:00:00.000Z' },
    ]);
  });

  it("moves a lesson's month by the change of its amount, and counts it once it has one", () => {
    const at = '2026-01-05T09:00:00.000Z';
    expect(tutorPayChange(at, usd(1000), usd(750))).toEqual({
      at,
      currency: 'USD',
      figures: { amount: -250, lessons: 0 },
    });
    expect(tutorPayChange(at, null, usd(0))).toEqual({
      at,
      currency: 'USD',
      figures: { amount: 0, lessons: 1 },
    });
    expect(tutorPayChange(at, usd(10), usd(10))).toBeUndefined();
    expect(
      tutorPaySummariesOf([tutorPayChange(at, null, usd(5)), tutorPayChange(at, usd(5), usd(8))]),
    ).toEqual([{ month: '2026-01', currency: 'USD', figures: { amount: 8, lessons: 1 } }]);
  });
});

describe('the month of an instant in a zone', () => {
  it("is luxon's month, around a period and beyond it, in every kind of zone", () => {
    const random = generator(26);
    const zones = ['UTC', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    const months = monthsBetween('2025-03', '2025-11');
    for (const zone of zones) {
      const monthIn = zoneMonthFinder(months, zone);
      for (let i = 0; i < 300; i++) {
        const instant = new Date(Date.UTC(2024, 11, 1) + random() * 420 * 86_400_000).toISOString();
        expect(monthIn(instant), `${instant} in ${zone}`).toBe(monthOf(instant, zone));
      }
      // Each month start of the zone, and the millisecond before it.
      for (const month of monthsBetween('2025-02', '2025-12')) {
        const start = DateTime.fromFormat(month, 'yyyy-MM', { zone }).toMillis();
        for (const instant of [start, start - 1].map((time) => new Date(time).toISOString())) {
          expect(monthIn(instant), `${instant} in ${zone}`).toBe(monthOf(instant, zone));
        }
      }
    }
  });
});
