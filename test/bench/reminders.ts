import { remindTenant } from '../../functions/notifications/reminders';
import { setJobWatermark } from '../../functions/repositories/job-watermarks';
import { lessonsStartingBetween, sectionItem } from '../../functions/repositories/sections';
import { newUserRecord, newUsersSeedItems, type UserRecord } from '../../functions/repositories/users';
import { batchWriteItems } from '../../functions/table/batch';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { createBenchTenant, inParallel } from './scheduling-tenant';
import { median } from './stack';

const TENANT = 'bench-reminders';
const LESSONS = 100_000;
/** The lessons' starts spread evenly over the next 30 days. */
const SPAN_MS = 30 * 86_400_000;
const TUTORS = 200;
const STUDENTS = 2_000;
const PERIOD_MS = 5 * 60_000;
const WINDOWS_MINUTES = [24 * 60, 15];
/** Consecutive five-minute ticks measured, then the last tick fired again. */
const RUNS = 9;
const TARGET_MS = 2_000;

function people(): UserRecord[] {
  const make = (id: string, type: 'tutor' | 'student', i: number) =>
    newUserRecord(TENANT, {
      _id: id,
      firstname: type === 'tutor' ? 'Tutor' : 'Student',
      lastname: String(i),
      email: `${id}@${TENANT}.bench`,
      type,
      roleId: type === 'tutor' ? systemRoleIds.Tutor : systemRoleIds.Student,
      passwordHash: '',
    });
  return [
    ...Array.from({ length: TUTORS }, (_, i) => make(`rt-${i}`, 'tutor', i)),
    ...Array.from({ length: STUDENTS }, (_, i) => make(`rs-${i}`, 'student', i)),
  ];
}

/** A lesson as the lesson repository stores its section (the item the start index, gsi2, lists). */
function lesson(i: number, from: number) {
  const start = new Date(from + Math.floor((i / LESSONS) * SPAN_MS)).toISOString();
  const now = new Date().toISOString();
  return sectionItem(TENANT, {
    _id: `rl-${String(i).padStart(6, '0')}`,
    course: 'bench-course',
    parent: null,
    kind: 'TEAMS',
    title: `Lesson ${i}`,
    description: '',
    sortingKey: i,
    audience: 'STUDENT',
    type: 'LESSON',
    billing: 'BILLABLE',
    status: i % 10 === 0 ? 'CANCELLED' : 'ACTIVE',
    start,
    end: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
    duration: 60,
    tutorId: `rt-${i % TUTORS}`,
    studentIds: [`rs-${i % STUDENTS}`],
    createdAt: now,
    updatedAt: now,
  });
}

export interface ReminderBench {
  seedSeconds: number;
  runs: number[];
  /** The index reads alone (both windows' slices of each tick), without the deliveries. */
  scanRuns: number[];
  medianMs: number;
  maxMs: number;
  /** Lessons read per run, and the lessons the runs' slices hold by the seed's own arithmetic. */
  read: number[];
  expectedRead: number[];
  sent: number[];
  /** The last tick again: what it read, sent and found already sent, and its time. */
  repeat: { ms: number; read: number; sent: number; duplicate: number };
}

/**
 * The reminder scan (issue 19 item 9): a tenant of 100,000 lessons starting over the next 30 days (one in
 * ten cancelled), seeded with BatchWriteItem, and the five-minute job run at consecutive ticks a day ahead:
 * each run reads each window's five-minute slice of the start index (a range Query) and reminds the live
 * lessons' people. Every run is timed whole (tenant settings, watermark, both slices, the deliveries); its
 * reads are checked against the lessons that fall in its slices, so a run reading outside its window fails.
 */
export async function measureReminderScan(): Promise<ReminderBench> {
  await createBenchTenant(TENANT);
  const from = Date.now() + 60 * 60_000;
  const seedStarted = performance.now();
  const items = [
    ...newUsersSeedItems(TENANT, people()),
    ...Array.from({ length: LESSONS }, (_, i) => lesson(i, from)),
  ];
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25 * 20) chunks.push(items.slice(i, i + 25 * 20));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const startOf = (i: number) => from + Math.floor((i / LESSONS) * SPAN_MS);
  const lessonsIn = (start: number, end: number) => {
    let count = 0;
    for (let i = 0; i < LESSONS; i++) if (startOf(i) >= start && startOf(i) < end) count++;
    return count;
  };

  // The first tick two days ahead, on the five-minute grid: both windows' slices hold lessons.
  const firstTick = Math.ceil((from + 2 * 86_400_000) / PERIOD_MS) * PERIOD_MS;
  await setJobWatermark(TENANT, 'lesson-reminders', new Date(firstTick - PERIOD_MS).toISOString());
  const runs: number[] = [];
  const scanRuns: number[] = [];
  const read: number[] = [];
  const expectedRead: number[] = [];
  const sent: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const now = firstTick + run * PERIOD_MS;
    const scanStarted = performance.now();
    for (const minutes of WINDOWS_MINUTES) {
      await lessonsStartingBetween(
        TENANT,
        new Date(now - PERIOD_MS + minutes * 60_000).toISOString(),
        new Date(now + minutes * 60_000).toISOString(),
      );
    }
    scanRuns.push(performance.now() - scanStarted);
    const started = performance.now();
    const report = await remindTenant(TENANT, now);
    runs.push(performance.now() - started);
    read.push(report.read);
    sent.push(report.sent);
    expectedRead.push(
      WINDOWS_MINUTES.reduce(
        (sum, minutes) => sum + lessonsIn(now - PERIOD_MS + minutes * 60_000, now + minutes * 60_000),
        0,
      ),
    );
  }
  // The same tick fired again: the watermark is past it, so it reads nothing (runs racing each other find
  // their reminders already written: the integration tests run those).
  const lastTick = firstTick + (RUNS - 1) * PERIOD_MS;
  const repeatStarted = performance.now();
  const repeated = await remindTenant(TENANT, lastTick);
  const repeat = {
    ms: performance.now() - repeatStarted,
    read: repeated.read,
    sent: repeated.sent,
    duplicate: repeated.duplicate,
  };
  return {
    seedSeconds,
    runs,
    scanRuns,
    medianMs: median(runs),
    maxMs: Math.max(...runs),
    read,
    expectedRead,
    sent,
    repeat,
  };
}

export const REMINDER_TARGET_MS = TARGET_MS;
