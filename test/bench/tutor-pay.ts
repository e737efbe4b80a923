import { lessonHistorySeedItems } from '../../functions/repositories/lesson-history';
import { batchWriteItems } from '../../functions/table/batch';
import { routeById } from '../../shared/routes/catalogue';
import { type HistoryCourse, type HistoryPerson, toLessonHistory } from '../../shared/rules/lesson-history';
import { payAtWrite } from '../../shared/rules/tutor-pay';
import type { TutorRateTerms } from '../../shared/rules/tutor-rates';
import type { LessonHistory } from '../../shared/schemas/lesson-history';
import { createBenchAdmin, createBenchTenant, inParallel } from './scheduling-tenant';
import { type BenchStack, median } from './stack';

const TENANT = 'bench-tutor-pay';
/** The month asked for holds this many rows (#18 item 9); the months either side some more. */
const MONTH_ROWS = Number(process.env.BENCH_TUTOR_PAY_ROWS ?? 20_000);
const NEIGHBOUR_ROWS = Math.round(MONTH_ROWS / 10);
const RUNS = 30;
const WARM_UP_CALLS = 3;
const PAGE = 50;
const TUTORS = 120;
const STUDENTS = 600;
const MONTH = { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1) };
const DAY_MS = 86_400_000;

const people: HistoryPerson[] = [
  ...Array.from({ length: TUTORS }, (_, n) => ({
    _id: `bench-tutor-${n}`,
    firstname: 'Bench',
    lastname: `Tutor ${n}`,
    country: 'Ireland',
  })),
  ...Array.from({ length: STUDENTS }, (_, n) => ({
    _id: `bench-student-${n}`,
    firstname: 'Bench',
    lastname: `Student ${n}`,
    country: 'Ireland',
  })),
];

const courses: HistoryCourse[] = Array.from({ length: 40 }, (_, n) => ({
  _id: `bench-course-${n}`,
  title: `Course ${n}`,
  subject: n % 2 ? 'Mathematics' : 'Physics',
  curriculum: 'Cambridge IGCSE',
  grade: 'Grade 10',
  type: n % 4 === 0 ? 'Group' : '1 on 1',
  paymentType: n % 3 ? 'FLEXIBLE' : 'SUBSCRIPTION',
  isTrial: false,
}));

/**
 * The school's general hourly rate, in force before every bench's rows (the finance-reports bench's start in
 * 2024): every row is priced as the job prices it.
 */
const generalRate: TutorRateTerms = {
  _id: 'bench-rate',
  createdAt: '2026-01-01T00:00:00.000Z',
  effectiveFrom: '2020-01-01T00:00:00.000Z',
  effectiveTo: null,
  rate: { minor: 2450, currency: 'USD' },
  tutorCountry: '',
  studentCountry: '',
  kind: '',
  curriculum: '',
  grade: '',
};

/**
 * A history row as the lesson-history job writes it for an ended lesson: `toLessonHistory` of the lesson,
 * priced by `payAtWrite` at the rate in force at its start. Starts spread over [from, to).
 */
export function pricedHistoryRow(index: number, count: number, from: number, to: number): LessonHistory {
  const start = new Date(from + Math.floor((index / count) * (to - from)));
  const end = new Date(start.getTime() + (index % 3 === 0 ? 90 : 60) * 60_000);
  const course = courses[index % courses.length];
  const tutor = people[index % TUTORS];
  const student = people[TUTORS + (index % STUDENTS)];
  if (!course || !tutor || !student) throw new Error('The bench has its tutors, students and courses');
  const id = `bench-lesson-${start.getTime()}-${index}`;
  const plain = toLessonHistory(
    {
      _id: id,
      eventId: `evt${String(index).padStart(8, '0')}`,
      title: course.title,
      start: start.toISOString(),
      end: end.toISOString(),
      type: 'LESSON',
      course: course._id,
      tutorId: tutor._id,
      studentIds: [student._id],
    },
    course,
    people,
    end.toISOString(),
    [
      { userId: tutor._id, joinedAt: start.toISOString() },
      { userId: student._id, joinedAt: start.toISOString() },
    ],
  );
  return payAtWrite(
    plain,
    { tutor: [], general: [generalRate] },
    { tutorCountry: 'Ireland', studentCountry: 'Ireland', kind: '' },
    'USD',
  );
}

/**
 * The tenant: an admin, a month (October 2026) of MONTH_ROWS history rows and a tenth as many in each of
 * September and November, loaded with BatchWriteItem from the items the repository builds
 * (`lessonHistorySeedItems`: rows, allocations, list entries, day counts, the count).
 */
async function fillTenant(): Promise<void> {
  await createBenchTenant(TENANT);
  await createBenchAdmin(TENANT);
  const rows = [
    ...Array.from({ length: NEIGHBOUR_ROWS }, (_, i) =>
      pricedHistoryRow(i, NEIGHBOUR_ROWS, MONTH.from - 30 * DAY_MS, MONTH.from),
    ),
    ...Array.from({ length: MONTH_ROWS }, (_, i) => pricedHistoryRow(i, MONTH_ROWS, MONTH.from, MONTH.to)),
    ...Array.from({ length: NEIGHBOUR_ROWS }, (_, i) =>
      pricedHistoryRow(i, NEIGHBOUR_ROWS, MONTH.to, MONTH.to + 30 * DAY_MS),
    ),
  ];
  const items = lessonHistorySeedItems(TENANT, rows);
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25 * 20) chunks.push(items.slice(i, i + 25 * 20));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
}

type Answer = { totalDocs: number; docs: Array<{ start: string; tutorAmount?: unknown }> };

/**
 * The tutor-pay list (#18 item 9): GET /lesson-history for the month with includeTutorAmountData=1, a page
 * of 50, as an admin of a tenant holding 20,000 rows that month: the first page and a deep one (offset
 * 10,000; the route pages by offset), alternating. 30 sequential calls of each after a warm-up; target p50 at most 50 ms.
 */
export async function measureTutorPay(stack: BenchStack) {
  const seedStarted = performance.now();
  await fillTenant();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { token } = await stack.api.signIn(`admin@${TENANT}.bench`, 'Bench-admin-1', TENANT);
  const route = routeById('lessonHistory.list');

  async function timeCall(offset: number): Promise<number> {
    const url = new URL(stack.apiUrl + route.path);
    const query = {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      includeTutorAmountData: '1',
      limit: String(PAGE),
      offset: String(offset),
    };
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const started = performance.now();
    const response = await fetch(url, {
      headers: { 'x-tenant-key': TENANT, authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as Answer;
    const elapsed = performance.now() - started;
    const inMonth = body.docs?.every(
      (doc) => doc.start >= '2026-10-01' && doc.start < '2026-11-01' && doc.tutorAmount !== undefined,
    );
    if (response.status !== 200 || body.totalDocs !== MONTH_ROWS || body.docs.length !== PAGE || !inMonth) {
      throw new Error(`Unexpected tutor-pay page at ${offset}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    return elapsed;
  }

  const deep = Math.min(10_000, MONTH_ROWS - PAGE);
  const pages = [
    { name: 'first page', offset: 0 },
    { name: `deep page (offset ${deep.toLocaleString('en')})`, offset: deep },
  ];
  for (const page of pages) for (let i = 0; i < WARM_UP_CALLS; i++) await timeCall(page.offset);
  // The two pages alternate, so a burst of load on the machine falls on both alike.
  const runs = new Map(pages.map((page) => [page.name, [] as number[]]));
  for (let i = 0; i < RUNS; i++) {
    for (const page of pages) runs.get(page.name)?.push(await timeCall(page.offset));
  }
  return {
    seedSeconds,
    rows: MONTH_ROWS + 2 * NEIGHBOUR_ROWS,
    monthRows: MONTH_ROWS,
    pages: pages.map((page) => {
      const times = runs.get(page.name) ?? [];
      return { ...page, p50: median(times), runs: times };
    }),
  };
}
