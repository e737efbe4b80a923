import { isDeepStrictEqual } from 'node:util';
import { lessonHistorySeedItems } from '../../functions/repositories/lesson-history';
import { type PaymentRecord, paymentSeedItems } from '../../functions/repositories/payments';
import { batchWriteItems } from '../../functions/table/batch';
import type { Money } from '../../shared/money/money';
import {
  type Month,
  monthsBetween,
  revenueByMonth,
  tutorPayByMonth,
} from '../../shared/money/monthly-totals';
import { moneyDoc } from '../../shared/money/schemas';
import { routeById } from '../../shared/routes/catalogue';
import type { LessonHistory } from '../../shared/schemas/lesson-history';
import { createBenchAdmin, createBenchTenant, inParallel } from './scheduling-tenant';
import { type BenchStack, median } from './stack';
import { pricedHistoryRow } from './tutor-pay';

const TENANT = 'bench-finance-reports';
/**
 * Lesson-history rows, and as many payment rows, in each of the 24 months (issue #18 item 7: the charts'
 * cost should not grow with the period).
 */
const MONTH_ROWS = Number(process.env.BENCH_FINANCE_MONTH_ROWS ?? 2_000);
const MONTHS = 24;
const FIRST_MONTH = { year: 2024, month: 0 };
// Each call is one or a few reads on a busy 2-core machine: enough runs that a burst moves the median little.
const RUNS = 60;
const WARM_UP_CALLS = 3;
const ZONES = ['UTC', 'America/New_York'] as const;
const REPORTS = ['revenue', 'tutor-pay'] as const;
type Report = (typeof REPORTS)[number];

/** The UTC instants month `index` of the period covers: from its first day up to the next month's. */
function monthBounds(index: number): { from: number; to: number } {
  // Date.UTC carries a month past December into the next year, for both ends alike.
  return {
    from: Date.UTC(FIRST_MONTH.year, FIRST_MONTH.month + index, 1),
    to: Date.UTC(FIRST_MONTH.year, FIRST_MONTH.month + index + 1, 1),
  };
}

/** A payment row as the Stripe consumer writes it; one in ten is a refund. Times spread over [from, to). */
function paymentRow(index: number, count: number, from: number, to: number): PaymentRecord {
  const createdAt = new Date(from + Math.floor((index / count) * (to - from))).toISOString();
  const kind = index % 10 === 9 ? 'REFUND' : 'PAYMENT';
  const id = `${createdAt}-${index}`;
  return {
    _id: `${kind}:bench-${id}`,
    userId: `bench-student-${index % 600}`,
    kind,
    paymentType: 'FLEXIBLE',
    amount: { minor: 1_000 + (index % 7) * 250, currency: 'USD' },
    description: 'Bench payment',
    stripe: { eventId: `evt_bench_${id}`, objectId: `pi_bench_${id}` },
    createdAt,
  };
}

/**
 * The tenant: an admin, and MONTH_ROWS priced lessons and MONTH_ROWS payment rows in each month of 2024 and
 * 2025, with their monthly summaries. Answers the facts, for checking the reports against them.
 */
async function fillTenant(): Promise<{ lessons: LessonHistory[]; payments: PaymentRecord[] }> {
  await createBenchTenant(TENANT);
  await createBenchAdmin(TENANT);
  const lessons: LessonHistory[] = [];
  const payments: PaymentRecord[] = [];
  for (let month = 0; month < MONTHS; month++) {
    const { from, to } = monthBounds(month);
    for (let i = 0; i < MONTH_ROWS; i++) {
      lessons.push(pricedHistoryRow(i, MONTH_ROWS, from, to));
      payments.push(paymentRow(i, MONTH_ROWS, from, to));
    }
  }
  // The items insertLessonHistory and paymentRowWrites would leave, the monthly summaries included.
  const items = lessonHistorySeedItems(TENANT, lessons).concat(paymentSeedItems(TENANT, payments));
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25 * 20) chunks.push(items.slice(i, i + 25 * 20));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
  return { lessons, payments };
}

/**
 * What the route must answer: the figures of the facts themselves (the computation the reports made before
 * the summaries), in the route's money form.
 */
function expectedAnswer(
  report: Report,
  facts: { lessons: LessonHistory[]; payments: PaymentRecord[] },
  months: Month[],
  zone: string,
) {
  if (report === 'tutor-pay') {
    return {
      months,
      series: tutorPayByMonth(facts.lessons, months, zone).map((series) => ({
        currency: series.currency,
        months: series.months.map((row) => ({ ...row, amount: moneyDoc(row.amount) })),
        total: { ...series.total, amount: moneyDoc(series.total.amount) },
      })),
    };
  }
  const docs = (row: { payments: Money; refunds: Money; revenue: Money }) => ({
    payments: moneyDoc(row.payments),
    refunds: moneyDoc(row.refunds),
    revenue: moneyDoc(row.revenue),
  });
  return {
    months,
    series: revenueByMonth(facts.payments, months, zone).map((series) => ({
      currency: series.currency,
      months: series.months.map((row) => ({ month: row.month, ...docs(row) })),
      total: docs(series.total),
    })),
  };
}

/**
 * GET /admin/finance/revenue and /admin/finance/tutor-pay for 1 month (June 2025) and for 24 months (2024 and
 * 2025) of a tenant holding MONTH_ROWS lessons and payments a month, in UTC (summaries only) and in New York
 * (the summaries and the facts of the hours at each month boundary). Every answer must equal the figures
 * of the facts themselves. The cases take turns (1 month, 24 months, the next report or zone's 1 month...)
 * so a burst of load on the machine falls on all alike. Target: 24 months at most 1.5 times 1 month.
 */
export async function measureFinanceReports(stack: BenchStack) {
  const seedStarted = performance.now();
  const facts = await fillTenant();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { token } = await stack.api.signIn(`admin@${TENANT}.bench`, 'Bench-admin-1', TENANT);

  const cases = REPORTS.flatMap((report) =>
    ZONES.flatMap((zone) =>
      [
        { period: '1 month', from: '2025-06', to: '2025-06' },
        { period: '24 months', from: '2024-01', to: '2025-12' },
      ].map(({ period, from, to }) => {
        const months = monthsBetween(from, to);
        return {
          name: `${period}, ${zone}`,
          report,
          zone,
          period,
          query: { from, to, timeZone: zone },
          expected: expectedAnswer(report, facts, months, zone),
        };
      }),
    ),
  );

  async function timeCall(item: (typeof cases)[number]): Promise<number> {
    const route = routeById(item.report === 'revenue' ? 'financeReports.revenue' : 'financeReports.tutorPay');
    const url = new URL(stack.apiUrl + route.path);
    for (const [name, value] of Object.entries(item.query)) url.searchParams.set(name, value);
    const started = performance.now();
    const response = await fetch(url, {
      headers: { 'x-tenant-key': TENANT, authorization: `Bearer ${token}` },
    });
    const body: unknown = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !isDeepStrictEqual(body, item.expected)) {
      throw new Error(
        `Unexpected ${item.report} report, ${item.name}: ${JSON.stringify(body).slice(0, 400)}\nexpected ${JSON.stringify(item.expected).slice(0, 400)}`,
      );
    }
    return elapsed;
  }

  for (const item of cases) for (let i = 0; i < WARM_UP_CALLS; i++) await timeCall(item);
  const runs = cases.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [position, item] of cases.entries()) runs[position]?.push(await timeCall(item));
  }
  const measured = cases.map(({ expected, ...item }, position) => {
    const times = runs[position] ?? [];
    return { ...item, p50: median(times), runs: times };
  });
  const ratios = REPORTS.flatMap((report) =>
    ZONES.map((zone) => {
      const one = measured.find((m) => m.report === report && m.zone === zone && m.period === '1 month');
      const all = measured.find((m) => m.report === report && m.zone === zone && m.period === '24 months');
      return { report, zone, ratio: (all?.p50 ?? 0) / (one?.p50 ?? 1) };
    }),
  );
  return {
    seedSeconds,
    lessons: facts.lessons.length,
    payments: facts.payments.length,
    monthRows: MONTH_ROWS,
    cases: measured,
    ratios,
  };
}
