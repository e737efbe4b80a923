import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { revenueReport, tutorPayReport } from '../../../functions/finance-reports/service';
import { db } from '../../../functions/lib/db';
import { stripeFor } from '../../../functions/payments/stripe-client';
import {
  revenueSummariesBetween,
  tutorPaySummariesBetween,
} from '../../../functions/repositories/finance-summaries';
import {
  allLessonHistory,
  backfillTutorPaySummaries,
  changeLessonPay,
  insertLessonHistory,
  lessonHistorySeedItems,
} from '../../../functions/repositories/lesson-history';
import {
  backfillRevenueSummaries,
  type PaymentRecord,
  paymentRowWrites,
  payments,
} from '../../../functions/repositories/payments';
import { handler as stripeWebhooks } from '../../../functions/stripe-webhooks/handler';
import { keys } from '../../../functions/table/access-patterns';
import { batchWriteItems } from '../../../functions/table/batch';
import { writeTransaction } from '../../../functions/table/transactions';
import { lambdaContext } from '../../../infra/local/lambda-context';
import { ConflictError } from '../../../shared/http/errors';
import type { Money } from '../../../shared/money/money';
import {
  type Month,
  monthsBetween,
  revenueByMonth,
  tutorPayByMonth,
} from '../../../shared/money/monthly-totals';
import { toLessonHistory } from '../../../shared/rules/lesson-history';
import type { LessonHistory } from '../../../shared/schemas/lesson-history';
import { studentWithToken } from '../../support/accounts';
import { demo } from '../../support/api-client';
import { busEvent } from '../../support/events';
import { unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

/**
 * The finance charts' monthly summaries (issue #18 item 7): moved in the transaction of each fact, exactly
 * once whatever runs at the same time or is delivered twice, read a month an item, and giving the figures
 * the facts themselves give. The report checks read the service in this process (its reads counted on the
 * document client) and the route once.
 */
const local = localStackForFile();
const TENANT = 'demo';
type Json = Record<string, any>;
const usd = (minor: number): Money => ({ minor, currency: 'USD' });

/** Every payment row and lesson row of a tenant: what the entry-based figures are computed from. */
const allPayments = (tenant: string) =>
  payments.query({ index: 'gsi2', partition: keys.paymentsIndex(tenant) });

/** The figures of the facts themselves (the computation the reports did before the summaries). */
async function factFigures(tenant: string, months: Month[], zone: string) {
  const [rows, lessons] = await Promise.all([allPayments(tenant), allLessonHistory(tenant)]);
  return { revenue: revenueByMonth(rows, months, zone), tutorPay: tutorPayByMonth(lessons, months, zone) };
}

/** The same figures as the reports answer them (summaries, and the facts of a zone's month edges). */
async function reportFigures(tenant: string, from: Month, to: Month, zone: string) {
  const query = { from, to, timeZone: zone };
  const [revenue, tutorPay] = await Promise.all([
    revenueReport(tenant, query),
    tutorPayReport(tenant, query),
  ]);
  return { revenue, tutorPay };
}

/** The report's figures in minor units, for comparing with the entry-based ones. */
function minorOf(report: Awaited<ReturnType<typeof reportFigures>>) {
  const minor = (doc: { amount: number; currency: string }) => ({
    minor: Math.round(doc.amount * (doc.currency === 'JPY' ? 1 : 100)),
    currency: doc.currency,
  });
  return {
    revenue: report.revenue.series.map((series) => ({
      currency: series.currency,
      months: series.months.map((row) => ({
        month: row.month,
        payments: minor(row.payments),
        refunds: minor(row.refunds),
        revenue: minor(row.revenue),
      })),
      total: {
        payments: minor(series.total.payments),
        refunds: minor(series.total.refunds),
        revenue: minor(series.total.revenue),
      },
    })),
    tutorPay: report.tutorPay.series.map((series) => ({
      currency: series.currency,
      months: series.months.map((row) => ({
        month: row.month,
        amount: minor(row.amount),
        lessons: row.lessons,
      })),
      total: { amount: minor(series.total.amount), lessons: series.total.lessons },
    })),
  };
}

let seq = 0;
function paymentRow(kind: 'PAYMENT' | 'REFUND' | 'DISPUTE', amount: Money, createdAt: string): PaymentRecord {
  seq += 1;
  return {
    _id: `${kind}:summary-${seq}`,
    userId: 'demo-student-1',
    kind,
    paymentType: 'FLEXIBLE',
    amount,
    description: 'Summary figure',
    stripe: { eventId: `evt_summary_${seq}`, objectId: `pi_summary_${seq}` },
    createdAt,
  };
}

/** A payment row written as the Stripe consumer writes it: its Put and its summary's ADD, once. */
const writePayment = (tenant: string, row: PaymentRecord) =>
  writeTransaction(paymentRowWrites(tenant, row), () => new ConflictError('Already written'));

function lessonRow(start: string, tutorAmount: Money | null): LessonHistory {
  seq += 1;
  const end = new Date(Date.parse(start) + 3_600_000).toISOString();
  const lesson = {
    _id: `summary-lesson-${seq}`,
    title: 'Summary lesson',
    start,
    end,
    type: 'LESSON',
    course: 'course-demo-igcse-maths',
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  };
  return { ...toLessonHistory(lesson, undefined, [], end), tutorAmount };
}

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

/**
 * The document client's calls about `tenant` while `act` runs (the service runs in this process; the local
 * stack's own background reads are about other keys): how many, how many Queries, and the items they read.
 */
async function readsOf(tenant: string, act: () => Promise<unknown>) {
  const send = vi.spyOn(db(), 'send');
  try {
    await act();
    const ours = send.mock.calls.flatMap(([command], i) =>
      JSON.stringify(command.input).includes(`T#${tenant}#`)
        ? [{ command, result: send.mock.results[i] }]
        : [],
    );
    const outputs: Json[] = await Promise.all(ours.map(({ result }) => result?.value));
    return {
      calls: ours.length,
      queries: ours.filter(({ command }) => command.constructor.name === 'QueryCommand').length,
      items: outputs.reduce((total, output) => total + (output?.Items?.length ?? 0), 0),
    };
  } finally {
    send.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the monthly summaries', () => {
  it('equal the sums of their facts after 20 payments and 20 pay changes at once', async () => {
    // Prepare: four lessons of March 2022, one of them without an amount
    const lessons = [
      lessonRow('2022-03-03T10:00:00.000Z', usd(2_000)),
      lessonRow('2022-03-31T23:00:00.000Z', usd(1_500)),
    ];
    lessons.push(lessonRow('2022-03-10T10:00:00.000Z', usd(0)), lessonRow('2022-03-11T10:00:00.000Z', null));
    for (const lesson of lessons) await insertLessonHistory(TENANT, lesson);

    // Act: 20 payment rows of the month written at once, and 20 adjustments of the four lessons at once
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        writePayment(
          TENANT,
          paymentRow(
            n % 4 ? 'PAYMENT' : 'REFUND',
            usd(100 + n),
            `2022-03-${String(n + 1).padStart(2, '0')}T12:00:00.000Z`,
          ),
        ),
      ),
    );
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        changeLessonPay(
          TENANT,
          lessons[n % lessons.length]?._id ?? '',
          (row) => ({
            after: row,
            entries: [{ kind: 'ADJUSTMENT', amount: usd(n % 3 ? 50 + n : -(10 + n)), reason: 'Bonus' }],
          }),
          'demo-admin-1',
        ),
      ),
    );

    // Assess: each month's summary is the sum of its facts; the lesson without an amount counts from its first change
    const months = ['2022-03'];
    const facts = await factFigures(TENANT, months, 'UTC');
    expect(facts.revenue[0]?.total.payments.minor).toBe(
      Array.from({ length: 20 }, (_, n) => n)
        .filter((n) => n % 4)
        .reduce((sum, n) => sum + 100 + n, 0),
    );
    expect(facts.tutorPay[0]?.total.lessons).toBe(4);
    expect(await revenueSummariesBetween(TENANT, '2022-03', '2022-03')).toEqual([
      {
        month: '2022-03',
        currency: 'USD',
        figures: {
          payments: facts.revenue[0]?.total.payments.minor,
          refunds: facts.revenue[0]?.total.refunds.minor,
          count: 20,
        },
      },
    ]);
    expect(await tutorPaySummariesBetween(TENANT, '2022-03', '2022-03')).toEqual([
      {
        month: '2022-03',
        currency: 'USD',
        figures: { amount: facts.tutorPay[0]?.total.amount.minor, lessons: 4 },
      },
    ]);
    expect(minorOf(await reportFigures(TENANT, '2022-03', '2022-03', 'UTC'))).toEqual(facts);
  });

  it('are not moved again by a payment delivered twice', async () => {
    // Prepare: a student pays through the local checkout; the month's summary after it
    const { userId } = await studentWithToken(TENANT, {
      firstname: 'Pay',
      lastname: 'Twice',
      email: `twice-${unique()}@example.com`,
    });
    const stripe = await stripeFor(TENANT);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 4_321, product_data: { name: 'Lessons' } },
        },
      ],
      success_url: 'http://localhost:5173/learning-portal/subscriptions?paymentStatus=success',
      cancel_url: 'http://localhost:5173/learning-portal/subscriptions',
      client_reference_id: userId,
      metadata: { tenant: TENANT, purpose: 'FLEXIBLE', userId, planId: 'plan-1' },
    });
    expect((await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await local.stack.stripe.settled();
    await local.stack.events.settled();
    const event = local.stack.stripe
      .events(TENANT)
      .find(
        (candidate) =>
          candidate.type === 'checkout.session.completed' && JSON.stringify(candidate).includes(session.id),
      );
    if (!event) throw new Error('The payment has its completion event');
    const month = new Date(Number(event.created) * 1000).toISOString().slice(0, 7);
    const before = await revenueSummariesBetween(TENANT, month, month);
    expect(before).toEqual([{ month, currency: 'USD', figures: { payments: 4_321, refunds: 0, count: 1 } }]);

    // Act: Stripe delivers it ten times more, and the consumer is handed it ten times at once
    await Promise.all(Array.from({ length: 10 }, () => local.stack.stripe.redeliver(TENANT, event.id)));
    await Promise.all(
      Array.from({ length: 10 }, () =>
        stripeWebhooks(
          busEvent('StripeEventReceived', {
            tenant: TENANT,
            stripeEventId: event.id,
            type: String(event.type),
          }),
          lambdaContext('stripe-webhooks'),
        ),
      ),
    );
    await local.stack.stripe.settled();
    await local.stack.events.settled();

    // Assess: the summary counts the payment once
    expect(await revenueSummariesBetween(TENANT, month, month)).toEqual(before);
  });

  it('are counted once by the backfill for facts stored before them, while pay changes', async () => {
    // Prepare: a tenant's rows as stored before the summaries (no summary, no mark)
    const tenant = `backfill-${unique()}`;
    const rows = [
      paymentRow('PAYMENT', usd(5_000), '2021-06-10T10:00:00.000Z'),
      paymentRow('REFUND', usd(1_200), '2021-06-12T10:00:00.000Z'),
      paymentRow('PAYMENT', { minor: 700, currency: 'EUR' }, '2021-07-01T00:00:00.000Z'),
    ];
    for (const row of rows) await payments.put(tenant, row);
    const lessons = [
      lessonRow('2021-06-03T10:00:00.000Z', usd(2_450)),
      lessonRow('2021-06-04T10:00:00.000Z', usd(1_000)),
    ];
    const stored = lessonHistorySeedItems(tenant, lessons)
      .filter((item) => item.entity !== 'tutorPaySummary')
      .map(({ paySummarised: _mark, ...item }) => ({ PutRequest: { Item: item } }));
    await batchWriteItems(stored);
    // A pay change before the backfill leaves the summary to it
    await changeLessonPay(
      tenant,
      lessons[0]?._id ?? '',
      (row) => ({ after: row, entries: [{ kind: 'ADJUSTMENT', amount: usd(-450), reason: 'Late' }] }),
      'an-admin',
    );
    expect(await tutorPaySummariesBetween(tenant, '2021-06', '2021-06')).toEqual([]);

    // Act: the backfill runs twice
    const first = [await backfillRevenueSummaries(tenant), await backfillTutorPaySummaries(tenant)];
    const second = [await backfillRevenueSummaries(tenant), await backfillTutorPaySummaries(tenant)];
    // and a pay change after it moves the summary
    await changeLessonPay(
      tenant,
      lessons[1]?._id ?? '',
      (row) => ({ after: row, entries: [{ kind: 'ADJUSTMENT', amount: usd(25), reason: 'Bonus' }] }),
      'an-admin',
    );

    // Assess: every row counted once, and the figures are the facts'
    expect(first).toEqual([3, 2]);
    expect(second).toEqual([0, 0]);
    expect(await tutorPaySummariesBetween(tenant, '2021-06', '2021-06')).toEqual([
      { month: '2021-06', currency: 'USD', figures: { amount: 2_000 + 1_025, lessons: 2 } },
    ]);
    const months = monthsBetween('2021-06', '2021-07');
    expect(minorOf(await reportFigures(tenant, '2021-06', '2021-07', 'UTC'))).toEqual(
      await factFigures(tenant, months, 'UTC'),
    );
  });
});

describe('the reports', () => {
  const random = generator(18);
  const currencies = ['USD', 'EUR'] as const;
  const tenant = `reports-${unique()}`;

  /** An instant of 2024 (and the first day of 2025), one in three within a day of a month boundary. */
  function instant(): string {
    const boundary = Date.UTC(2024, Math.floor(random() * 13), 1);
    const offset = random() < 0.34 ? (random() - 0.5) * 2 * 86_400_000 : random() * 28 * 86_400_000;
    return new Date(Math.floor(boundary + offset)).toISOString();
  }

  beforeAll(async () => {
    const currency = () => currencies[Math.floor(random() * currencies.length)] ?? 'USD';
    const kinds = ['PAYMENT', 'PAYMENT', 'REFUND', 'DISPUTE'] as const;
    const rows = Array.from({ length: 160 }, () =>
      paymentRow(
        kinds[Math.floor(random() * kinds.length)] ?? 'PAYMENT',
        { minor: Math.floor(random() * 90_000), currency: currency() },
        instant(),
      ),
    );
    const lessons = Array.from({ length: 160 }, () =>
      lessonRow(
        instant(),
        random() < 0.1 ? null : { minor: Math.floor((random() - 0.2) * 9_000), currency: currency() },
      ),
    );
    // Every month of 2024 has a payment and a lesson in each currency.
    for (const month of monthsBetween('2024-01', '2024-12')) {
      for (const code of currencies) {
        rows.push(paymentRow('PAYMENT', { minor: 1_000, currency: code }, `${month}-15T12:00:00.000Z`));
        lessons.push(lessonRow(`${month}-15T12:00:00.000Z`, { minor: 2_000, currency: code }));
      }
    }
    for (let i = 0; i < rows.length; i += 10) {
      await Promise.all(rows.slice(i, i + 10).map((row) => writePayment(tenant, row)));
      await Promise.all(lessons.slice(i, i + 10).map((lesson) => insertLessonHistory(tenant, lesson)));
    }
  });

  it('give the figures of the facts themselves, in every zone and period (random data)', async () => {
    const zones = ['UTC', 'Asia/Singapore', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Kathmandu'];
    const months = monthsBetween('2024-01', '2024-12');
    for (let run = 0; run < 12; run++) {
      const zone = zones[run % zones.length] ?? 'UTC';
      const from = months[Math.floor(random() * 12)] ?? '2024-01';
      const period = monthsBetween(from, '2024-12').slice(0, 1 + Math.floor(random() * 12));
      const to = period.at(-1) ?? from;
      expect(minorOf(await reportFigures(tenant, from, to, zone)), `${from}..${to} in ${zone}`).toEqual(
        await factFigures(tenant, period, zone),
      );
    }
  });

  it('read a year in UTC from 12 summary items a currency, in one Query', async () => {
    // Act
    const revenue = await readsOf(tenant, () => revenueReport(tenant, { from: '2024-01', to: '2024-12' }));
    const tutorPay = await readsOf(tenant, () => tutorPayReport(tenant, { from: '2024-01', to: '2024-12' }));

    // Assess: 12 months x 2 currencies, read by one Query each, and nothing else
    expect(revenue).toEqual({ calls: 1, queries: 1, items: 24 });
    expect(tutorPay).toEqual({ calls: 1, queries: 1, items: 24 });
  });

  it("read a year of another zone from the summaries and the facts of the month boundaries' hours only", async () => {
    const facts = await allPayments(tenant);
    const reads = await readsOf(tenant, () =>
      revenueReport(tenant, { from: '2024-01', to: '2024-12', timeZone: 'Asia/Singapore' }),
    );
    // One Query of the summaries, and one for each of the 13 month boundaries (8 hours before each)
    expect(reads.queries).toBe(14);
    expect(reads.items).toBeLessThan(24 + facts.length / 4);
  });

  it('answer the route as the service computes', async () => {
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    // The demo tenant's figures (the route serves the caller's school): the month of the first test.
    const query = { from: '2022-01', to: '2022-06', timeZone: 'America/New_York' };
    const { status, body } = await local.api.call<Json>('financeReports.tutorPay', { ...admin, query });
    expect(status).toBe(200);
    expect(body.series).toHaveLength(1);
    expect(body).toEqual(await tutorPayReport(TENANT, query));
  });
});
