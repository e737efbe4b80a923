import { type TrialRecord, trialsRepository } from '../../functions/repositories/trials';
import { newUserRecord, type UserRecord } from '../../functions/repositories/users';
import { batchWriteItems } from '../../functions/table/batch';
import { trialBookingRecords } from '../../functions/trials/booking';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { routeById } from '../../shared/routes/catalogue';
import { outcomesOfStatus } from '../../shared/rules/trials';
import { trialStatuses } from '../../shared/schemas/trial';
import { createBenchAdmin, createBenchTenant, inParallel } from './scheduling-tenant';
import { type BenchStack, median } from './stack';

const SIZES = [1_000, 50_000] as const;
/** Rounds of the two sizes in turn: each round's figure is the median of its calls. */
const ROUNDS = 7;
const CALLS_PER_ROUND = 5;
const WARM_UP_CALLS = 3;
const PAGE = 20;
const DAY_MS = 86_400_000;
/** Trials' lesson dates span the same two years for both sizes: only the number of records differs. */
const SPAN_DAYS = 730;
const TUTORS = 50;

/** The trials' tutors, as the user repository builds them. */
function benchTutors(tenant: string): UserRecord[] {
  return Array.from({ length: TUTORS }, (_, n) =>
    newUserRecord(tenant, {
      _id: `bench-tutor-${n}`,
      firstname: 'Bench',
      lastname: `Tutor ${n}`,
      email: `tutor${n}@bench.test`,
      type: 'tutor',
      roleId: systemRoleIds.Tutor,
      passwordHash: '',
    }),
  );
}

/**
 * A trial record as the booking builds it (`trialBookingRecords`, for a student built by the user
 * repository), then moved on to a status with an outcome that goes with it (`outcomesOfStatus`): statuses,
 * outcomes and tutors spread evenly, lesson dates over two years (the larger tenant simply has more a day).
 */
function trial(tenant: string, tutors: readonly UserRecord[], index: number, count: number): TrialRecord {
  const start = new Date(Date.UTC(2025, 0, 1) + Math.floor((index / count) * SPAN_DAYS * DAY_MS));
  const tutor = tutors[index % tutors.length];
  if (!tutor) throw new Error('The bench needs at least one tutor');
  const student = newUserRecord(tenant, {
    _id: `bench-student-${index}`,
    firstname: 'Bench',
    lastname: `Student ${index}`,
    email: `student${index}@bench.test`,
    type: 'student',
    roleId: systemRoleIds.Student,
    passwordHash: '',
  });
  const { trial: booked } = trialBookingRecords({
    booking: {
      curriculum: 'Cambridge IGCSE',
      subject: index % 2 ? 'Mathematics' : 'Physics',
      grade: 'Grade 10',
    },
    start,
    end: new Date(start.getTime() + 45 * 60_000),
    tutor,
    student,
    bufferMinutes: 0,
    ids: {
      courseId: `bench-course-${index}`,
      sectionId: `bench-lesson-${index}`,
      trialId: `bench-trial-${String(index).padStart(6, '0')}`,
      eventId: `bench-event-${index}`,
    },
    now: new Date(start.getTime() - 3 * DAY_MS).toISOString(),
  });
  const status = trialStatuses[index % trialStatuses.length] ?? booked.status;
  const outcomes = outcomesOfStatus[status];
  return { ...booked, status, outcome: outcomes[index % outcomes.length] ?? null };
}

/**
 * A tenant with an admin and `count` trials, loaded with BatchWriteItem from the items the trials
 * repository itself builds (records, list entries, counters: `seedItems`), 16 batches in flight.
 */
async function fillTenant(tenant: string, count: number): Promise<void> {
  await createBenchTenant(tenant);
  await createBenchAdmin(tenant);
  const tutors = benchTutors(tenant);
  const records = Array.from({ length: count }, (_, index) => trial(tenant, tutors, index, count));
  const items = trialsRepository.seedItems(tenant, records);
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25 * 20) chunks.push(items.slice(i, i + 25 * 20));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
}

interface Case {
  name: string;
  query: Record<string, string>;
  /** Checks an answer of the `records` tenant (the page and its total are what the data says). */
  check: (body: ListAnswer, records: number) => boolean;
}

type ListAnswer = { totalDocs: number; docs: unknown[]; partial?: { scanned: number } };

const completed = (records: number) =>
  Array.from({ length: records }, (_, index) => index).filter(
    (index) => trialStatuses[index % trialStatuses.length] === 'COMPLETED',
  ).length;

const cases: Case[] = [
  {
    name: 'GET /admin/trials?status=COMPLETED, page of 20',
    query: { status: 'COMPLETED', limit: String(PAGE), offset: '0' },
    check: (body, records) =>
      body.docs.length === PAGE && body.totalDocs === completed(records) && !body.partial,
  },
  {
    name: 'GET /admin/trials?status=COMPLETED&startDate..endDate (a month), page of 20',
    query: {
      status: 'COMPLETED',
      startDate: '2025-06-01T04:00:00.000Z',
      endDate: '2025-07-01T03:59:59.999Z',
      limit: String(PAGE),
      offset: '0',
    },
    check: (body) => body.docs.length > 0 && body.totalDocs > 0 && !body.partial,
  },
  {
    name: 'GET /admin/trials?searchText=physics, page of 20 (a search: bounded scan)',
    query: { searchText: 'physics', limit: String(PAGE), offset: '0' },
    check: (body, records) => body.docs.length === PAGE && (records <= 2_000 || !!body.partial),
  },
];

/**
 * Filtered admin lists through the API (HTTP against the local stack): trials filtered by status, by status
 * and a month of lesson dates, and searched, in a tenant of 1,000 and one of 50,000 trials, the two sizes
 * measured in turn in each round so that the machine's drift hits both alike. A filtered page is served from
 * the list indexes (a keys-only skip, one read of the page, day counters): its time should not follow the
 * collection's size. A search scans the newest records within its bound, and is reported only.
 */
export async function measureListCost(stack: BenchStack) {
  const seedStarted = performance.now();
  for (const size of SIZES) await fillTenant(`bench-lists-${size}`, size);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const route = routeById('trials.adminList');
  const sessions = new Map<number, string>();
  for (const size of SIZES) {
    const tenant = `bench-lists-${size}`;
    sessions.set(size, (await stack.api.signIn(`admin@${tenant}.bench`, 'Bench-admin-1', tenant)).token);
  }

  /** One call's time, the HTTP request alone (the answer is checked after the clock stops). */
  async function timeCall(size: number, item: Case): Promise<number> {
    const url = new URL(stack.apiUrl + route.path);
    for (const [name, value] of Object.entries(item.query)) url.searchParams.set(name, value);
    const started = performance.now();
    const response = await fetch(url, {
      headers: { 'x-tenant-key': `bench-lists-${size}`, authorization: `Bearer ${sessions.get(size)}` },
    });
    const body = (await response.json()) as ListAnswer;
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !item.check(body, size)) {
      throw new Error(`Unexpected answer for ${item.name} (${size}): ${JSON.stringify(body).slice(0, 300)}`);
    }
    return elapsed;
  }

  const results = [];
  for (const item of cases) {
    // The first calls warm the handler, its module caches and the database's pages.
    for (const size of SIZES) for (let i = 0; i < WARM_UP_CALLS; i++) await timeCall(size, item);
    const rounds = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES) {
        const calls: number[] = [];
        for (let i = 0; i < CALLS_PER_ROUND; i++) calls.push(await timeCall(size, item));
        rounds.get(size)!.push(median(calls));
      }
    }
    const small = rounds.get(SIZES[0])!;
    const large = rounds.get(SIZES[1])!;
    const ratios = large.map((ms, round) => ms / small[round]!);
    results.push({
      name: item.name,
      small: { records: SIZES[0], medianMs: median(small), runs: small },
      large: { records: SIZES[1], medianMs: median(large), runs: large },
      ratio: median(ratios),
      ratios,
    });
  }
  return { seedSeconds, results };
}
