import { beforeAll, describe, expect, it } from 'vitest';
import { insertLessonHistory } from '../../../functions/repositories/lesson-history';
import { backfillRevenueSummaries } from '../../../functions/repositories/payments';
import type { Money } from '../../../shared/money/money';
import { toLessonHistory } from '../../../shared/rules/lesson-history';
import { demo } from '../../support/api-client';
import { recordPayment } from '../../support/payments';
import { localStackForFile } from '../../support/stack';

/**
 * The finance overview's charts (issue #18 item 7): revenue and tutor pay per month of a period, from the
 * payment history and the lesson history, to the cent. The figures sit in 2023, a year nothing else of the
 * demo tenant touches.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let student: Session;

let seq = 0;
async function paymentRow(kind: 'PAYMENT' | 'REFUND' | 'DISPUTE', amount: Money, createdAt: string) {
  seq += 1;
  await recordPayment('demo', {
    _id: `${kind}:report-${seq}`,
    userId: 'demo-student-1',
    kind,
    paymentType: 'FLEXIBLE',
    amount,
    description: 'Report figure',
    createdAt,
  });
}

async function lessonRow(start: string, tutorAmount: Money | null) {
  seq += 1;
  const end = new Date(Date.parse(start) + 3_600_000).toISOString();
  const lesson = {
    _id: `report-lesson-${seq}`,
    title: 'Report lesson',
    start,
    end,
    type: 'LESSON',
    course: 'course-demo-igcse-maths',
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  };
  await insertLessonHistory('demo', { ...toLessonHistory(lesson, undefined, [], end), tutorAmount });
}

const usd = (minor: number): Money => ({ minor, currency: 'USD' });

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  student = await local.api.signIn(demo.student.email, demo.student.password);
  await paymentRow('PAYMENT', usd(12_345), '2023-01-10T08:00:00.000Z');
  await paymentRow('PAYMENT', usd(1), '2023-01-31T23:59:59.999Z');
  await paymentRow('REFUND', usd(2_000), '2023-01-15T08:00:00.000Z');
  await paymentRow('DISPUTE', usd(999), '2023-01-16T08:00:00.000Z');
  await paymentRow('PAYMENT', usd(7_050), '2023-03-01T00:00:00.000Z');
  await paymentRow('PAYMENT', { minor: 4_200, currency: 'EUR' }, '2023-02-02T10:00:00.000Z');
  // Outside the period: the month after it, and the instant it ends.
  await paymentRow('PAYMENT', usd(100_000), '2023-04-01T00:00:00.000Z');
  await lessonRow('2023-01-09T10:00:00.000Z', usd(1_875));
  await lessonRow('2023-01-20T10:00:00.000Z', usd(2_520));
  await lessonRow('2023-02-20T10:00:00.000Z', null);
  await lessonRow('2023-03-31T22:00:00.000Z', usd(3_333));
  await lessonRow('2023-04-01T00:00:00.000Z', usd(50_000));
  // The payment rows were put as rows stored before the monthly summaries: the backfill counts them.
  await backfillRevenueSummaries('demo');
});

const period = { from: '2023-01', to: '2023-03' };

describe('revenue over time', () => {
  it('gives payments, refunds and revenue per month and currency, to the cent', async () => {
    const { status, body } = await local.api.call<Json>('financeReports.revenue', {
      ...admin,
      query: period,
    });
    expect(status).toBe(200);
    expect(body.months).toEqual(['2023-01', '2023-02', '2023-03']);
    expect(body.series.map((s: Json) => s.currency)).toEqual(['EUR', 'USD']);
    const dollars = body.series[1];
    expect(dollars.months).toEqual([
      {
        month: '2023-01',
        payments: { amount: 123.46, currency: 'USD' },
        refunds: { amount: 20, currency: 'USD' },
        revenue: { amount: 103.46, currency: 'USD' },
      },
      {
        month: '2023-02',
        payments: { amount: 0, currency: 'USD' },
        refunds: { amount: 0, currency: 'USD' },
        revenue: { amount: 0, currency: 'USD' },
      },
      {
        month: '2023-03',
        payments: { amount: 70.5, currency: 'USD' },
        refunds: { amount: 0, currency: 'USD' },
        revenue: { amount: 70.5, currency: 'USD' },
      },
    ]);
    expect(dollars.total).toEqual({
      payments: { amount: 193.96, currency: 'USD' },
      refunds: { amount: 20, currency: 'USD' },
      revenue: { amount: 173.96, currency: 'USD' },
    });
    expect(body.series[0].total.revenue).toEqual({ amount: 42, currency: 'EUR' });
  });

  it("buckets by the viewer's zone", async () => {
    // 2023-01-31T23:59:59.999Z is already February in Singapore.
    const { body } = await local.api.call<Json>('financeReports.revenue', {
      ...admin,
      query: { from: '2023-02', to: '2023-02', timeZone: 'Asia/Singapore' },
    });
    const dollars = body.series.find((s: Json) => s.currency === 'USD');
    expect(dollars.months).toEqual([
      {
        month: '2023-02',
        payments: { amount: 0.01, currency: 'USD' },
        refunds: { amount: 0, currency: 'USD' },
        revenue: { amount: 0.01, currency: 'USD' },
      },
    ]);
  });
});

describe('tutor pay over time', () => {
  it("sums the lessons' tutor amounts per month of their start", async () => {
    const { status, body } = await local.api.call<Json>('financeReports.tutorPay', {
      ...admin,
      query: period,
    });
    expect(status).toBe(200);
    expect(body.series).toEqual([
      {
        currency: 'USD',
        months: [
          { month: '2023-01', amount: { amount: 43.95, currency: 'USD' }, lessons: 2 },
          { month: '2023-02', amount: { amount: 0, currency: 'USD' }, lessons: 0 },
          { month: '2023-03', amount: { amount: 33.33, currency: 'USD' }, lessons: 1 },
        ],
        total: { amount: { amount: 77.28, currency: 'USD' }, lessons: 3 },
      },
    ]);
  });

  it('is empty for a period without lessons', async () => {
    const { body } = await local.api.call<Json>('financeReports.tutorPay', {
      ...admin,
      query: { from: '2021-01', to: '2021-06' },
    });
    expect(body).toEqual({
      months: ['2021-01', '2021-02', '2021-03', '2021-04', '2021-05', '2021-06'],
      series: [],
    });
  });
});

describe('bounds and access', () => {
  it('takes at most 24 months, in order, as YYYY-MM', async () => {
    const call = (query: Record<string, string | undefined>) =>
      local.api.call<Json>('financeReports.revenue', { ...admin, query });
    expect((await call({ from: '2022-01', to: '2023-12' })).status).toBe(200);
    for (const query of [
      { from: '2022-01', to: '2024-01' },
      { from: '2023-03', to: '2023-01' },
      { from: '2023-13', to: '2023-12' },
      { from: '2023-1', to: '2023-12' },
      { from: '2023-01' },
      { from: '2023-01', to: '2023-02', timeZone: 'Mars/Olympus' },
    ]) {
      const { status } = await call(query);
      expect(status, JSON.stringify(query)).toBe(400);
    }
  });

  it('is for the back-office only', async () => {
    for (const who of [tutor, student]) {
      expect((await local.api.call('financeReports.revenue', { ...who, query: period })).status).toBe(403);
      expect((await local.api.call('financeReports.tutorPay', { ...who, query: period })).status).toBe(403);
    }
  });
});
