import { describe, expect, it } from 'vitest';
import { monthsBetween, periodInstants, revenueByMonth, tutorPayByMonth } from './monthly-totals';

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
