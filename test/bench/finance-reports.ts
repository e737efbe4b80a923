import { lessonHistorySeedItems } from '../../functions/repositories/lesson-history';
import { batchWriteItems } from '../../functions/table/batch';
import { routeById } from '../../shared/routes/catalogue';
import { createBenchAdmin, createBenchTenant, inParallel } from './scheduling-tenant';
import { type BenchStack, median } from './stack';
import { pricedHistoryRow } from './tutor-pay';

const TENANT = 'bench-finance-reports';
/** Lesson-history rows in each of the 24 months (issue #18 item 7: the charts' cost should not grow with the period). */
const MONTH_ROWS = Number(process.env.BENCH_FINANCE_MONTH_ROWS ?? 2_000);
const MONTHS = 24;
const RUNS = 20;
const WARM_UP_CALLS = 3;
const FIRST = Date.UTC(2024, 0, 1);

/** The tenant: an admin and MONTH_ROWS priced lessons in each month of 2024 and 2025, with their summaries. */
async function fillTenant(): Promise<void> {
  await createBenchTenant(TENANT);
  await createBenchAdmin(TENANT);
  const rows = Array.from({ length: MONTHS }, (_, month) => {
    const from = new Date(FIRST);
    from.setUTCMonth(month);
    const to = new Date(from);
    to.setUTCMonth(month + 1);
    return Array.from({ length: MONTH_ROWS }, (_, i) =>
      pricedHistoryRow(i, MONTH_ROWS, from.getTime(), to.getTime()),
    );
  }).flat();
  // The items insertLessonHistory would leave, the monthly summaries included.
  const items = lessonHistorySeedItems(TENANT, rows);
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25 * 20) chunks.push(items.slice(i, i + 25 * 20));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
}

/**
 * GET /admin/finance/tutor-pay for 1 month and for 24 months of a tenant holding MONTH_ROWS lessons a month,
 * alternating (A, B, A, B...) so a burst of load on the machine falls on both alike; in UTC (summaries
 * only) and in New York (the summaries and the hours at each month boundary). Target: 24 months at most
 * 1.5 times 1 month.
 */
export async function measureFinanceReports(stack: BenchStack) {
  const seedStarted = performance.now();
  await fillTenant();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { token } = await stack.api.signIn(`admin@${TENANT}.bench`, 'Bench-admin-1', TENANT);
  const route = routeById('financeReports.tutorPay');

  async function timeCall(query: Record<string, string>, lessons: number): Promise<number> {
    const url = new URL(stack.apiUrl + route.path);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const started = performance.now();
    const response = await fetch(url, {
      headers: { 'x-tenant-key': TENANT, authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { series?: Array<{ total: { lessons: number } }> };
    const elapsed = performance.now() - started;
    // A zone's period starts and ends some hours off UTC's: about the same lessons.
    const counted = body.series?.[0]?.total.lessons ?? 0;
    if (response.status !== 200 || Math.abs(counted - lessons) > MONTH_ROWS / 10) {
      throw new Error(`Unexpected tutor-pay report: ${JSON.stringify(body).slice(0, 300)}`);
    }
    return elapsed;
  }

  const cases = ['UTC', 'America/New_York'].flatMap((timeZone) => [
    {
      name: `1 month, ${timeZone}`,
      zone: timeZone,
      query: { from: '2025-06', to: '2025-06', timeZone },
      lessons: MONTH_ROWS,
    },
    {
      name: `24 months, ${timeZone}`,
      zone: timeZone,
      query: { from: '2024-01', to: '2025-12', timeZone },
      lessons: MONTHS * MONTH_ROWS,
    },
  ]);
  for (const item of cases) for (let i = 0; i < WARM_UP_CALLS; i++) await timeCall(item.query, item.lessons);
  const runs = new Map(cases.map((item) => [item.name, [] as number[]]));
  for (let i = 0; i < RUNS; i++) {
    for (const item of cases) runs.get(item.name)?.push(await timeCall(item.query, item.lessons));
  }
  const measured = cases.map((item) => {
    const times = runs.get(item.name) ?? [];
    return { ...item, p50: median(times), runs: times };
  });
  const ratios = ['UTC', 'America/New_York'].map((zone) => {
    const [one, all] = measured.filter((item) => item.zone === zone);
    return { zone, ratio: (all?.p50 ?? 0) / (one?.p50 ?? 1) };
  });
  return { seedSeconds, rows: MONTHS * MONTH_ROWS, monthRows: MONTH_ROWS, cases: measured, ratios };
}
