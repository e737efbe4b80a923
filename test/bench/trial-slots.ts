import { DateTime } from 'luxon';
import { hashPassword } from '../../functions/lib/passwords';
import { teachingAvailabilities } from '../../functions/repositories/availability';
import {
  busyDays,
  busyLessonsIn,
  type LessonRecord,
  newLessonWrites,
} from '../../functions/repositories/lessons';
import { createUser } from '../../functions/repositories/users';
import { trialSlots, weeklyHoursOf } from '../../functions/scheduling/slot-finder';
import { batchWriteItems } from '../../functions/table/batch';
import type { TransactItem } from '../../functions/table/transactions';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { defaultSchedulingSettings } from '../../shared/scheduling/settings';
import { freeSlots, viewerDayBusyDays } from '../../shared/scheduling/slots';
import {
  createBenchTenant,
  createBenchTutor,
  igcseMaths,
  inParallel,
  percentile,
  tutorTimeZones,
  upcomingWednesday,
} from './scheduling-tenant';
import { type BenchStack, median } from './stack';

const TENANT = 'bench-slots';
const TUTORS = 200;
const STUDENTS = 20;
const DAYS = 30;
// DynamoDB Local is still busy for a few seconds after the 11,000-lesson seed: steady state is measured.
const WARM_UP = 15;
const SAMPLES = 30;
const VIEWER_ZONE = 'Europe/London';
const COURSE = { _id: 'bench-slots-course', title: 'Bench IGCSE Mathematics (Grade 10)' };

type SlotDoc = { start: string; end: string; label: string; tutorId?: string };

/** Two or three one-hour lessons on each weekday of the next 30 days, in the tutor's own hours. */
function monthOfLessons(tutorIndex: number, tutorId: string, timezone: string): LessonRecord[] {
  const now = new Date().toISOString();
  const lessons: LessonRecord[] = [];
  const firstDay = DateTime.now().setZone(timezone).startOf('day').plus({ days: 1 });
  for (let d = 0; d < DAYS; d++) {
    const day = firstDay.plus({ days: d });
    if (day.weekday > 5) continue;
    const count = 2 + ((tutorIndex + d) % 2);
    for (let k = 0; k < count; k++) {
      // 09:00, 12:00, 15:00, each shifted by 0, 30 or 60 minutes per tutor: well apart, within 08:00-20:00.
      const start = day.set({ hour: 9 + 3 * k }).plus({ minutes: 30 * (tutorIndex % 3) });
      const _id = `bench-lesson-${tutorIndex}-${d}-${k}`;
      lessons.push({
        _id,
        course: COURSE._id,
        parent: null,
        kind: 'TEAMS',
        title: `Lesson ${d + 1}.${k + 1}`,
        description: '',
        sortingKey: d * 3 + k,
        audience: 'STUDENT',
        type: 'LESSON',
        billing: 'BILLABLE',
        status: 'ACTIVE',
        start: start.toUTC().toISO()!,
        end: start.plus({ minutes: 60 }).toUTC().toISO()!,
        duration: 60,
        tutorId,
        studentIds: [`bench-slots-student-${(tutorIndex * 3 + k) % STUDENTS}`],
        joinUrl: `https://teams.bench/${_id}`,
        bufferMinutes: defaultSchedulingSettings.bufferMinutes,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  return lessons;
}

type Item = Record<string, unknown>;

/** Applies a `SET #a = :v, ...` or `ADD #a :set` update to an item kept in memory. */
function applyUpdate(target: Item, update: NonNullable<TransactItem['Update']>): void {
  const names: Record<string, string> = update.ExpressionAttributeNames ?? {};
  const values: Item = update.ExpressionAttributeValues ?? {};
  const attribute = (token: string) => names[token] ?? token;
  const [, action, clauses = ''] = /^(SET|ADD)\s+(.+)$/.exec(update.UpdateExpression?.trim() ?? '') ?? [];
  if (!action) throw new Error(`Seeding cannot fold the update "${update.UpdateExpression}"`);
  for (const clause of clauses.split(',')) {
    if (action === 'SET') {
      const [name = '', value = ''] = clause.split('=').map((part) => part.trim());
      target[attribute(name)] = values[value];
    } else {
      const [name = '', value = ''] = clause.trim().split(/\s+/);
      const added = values[value];
      // ADD of a number (a day counter) sums; ADD of a set (a busy day's lessons) joins.
      if (typeof added === 'number') {
        target[attribute(name)] = Number(target[attribute(name)] ?? 0) + added;
        continue;
      }
      const current = (target[attribute(name)] as Set<unknown> | undefined) ?? [];
      target[attribute(name)] = new Set([...current, ...(added as Set<unknown>)]);
    }
  }
}

/**
 * The items a month of bookings leaves in the table, built by the repository's own `newLessonWrites`: each
 * section, each participant's schedule line, and each tutor's busy days (the updates of one day folded into
 * one item). The time claims are left out: the slot finder never reads them, and at 15 items a lesson they
 * would make seeding several minutes on DynamoDB Local (one transaction a lesson costs 20-30 ms there).
 */
function lessonItems(lessons: LessonRecord[]): Array<{ PutRequest: { Item: Item } }> {
  const puts: Item[] = [];
  const busyDays = new Map<string, Item>();
  for (const lesson of lessons) {
    const writes = newLessonWrites(TENANT, lesson, COURSE.title);
    writes.items.forEach((write, index) => {
      if (writes.isClaim(index)) return;
      if (write.Put?.Item) puts.push(write.Put.Item);
      else if (write.Update) {
        const id = JSON.stringify(write.Update.Key);
        const day = busyDays.get(id) ?? { ...write.Update.Key };
        applyUpdate(day, write.Update);
        busyDays.set(id, day);
      } else throw new Error(`Seeding does not expect ${Object.keys(write).join()} in a new lesson's writes`);
    });
  }
  return [...puts, ...busyDays.values()].map((Item) => ({ PutRequest: { Item } }));
}

function chunksOf<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

async function seed() {
  const tenant = await createBenchTenant(TENANT);
  const passwordHash = await hashPassword('Bench-user-1');
  const tutors = Array.from({ length: TUTORS }, (_, i) => ({
    index: i,
    id: `bench-slots-tutor-${String(i).padStart(3, '0')}`,
    timezone: tutorTimeZones[i % tutorTimeZones.length]!,
  }));
  await inParallel(tutors, 20, (tutor) => createBenchTutor(TENANT, tutor.id, tutor.timezone, passwordHash));
  await inParallel(
    Array.from({ length: STUDENTS }, (_, i) => `bench-slots-student-${i}`),
    10,
    async (id) => {
      await createUser(TENANT, {
        _id: id,
        firstname: 'Bench',
        lastname: id,
        email: `${id}@${TENANT}.bench`,
        type: 'student',
        roleId: systemRoleIds.Student,
        passwordHash,
      });
    },
  );
  const lessons = tutors.flatMap((tutor) => monthOfLessons(tutor.index, tutor.id, tutor.timezone));
  await inParallel(chunksOf(lessonItems(lessons), 25), 8, (chunk) => batchWriteItems(chunk));
  return { tenant, lessons: lessons.length };
}

/** Median of `runs` timings of an in-process step (the handlers run in this process: same code, no HTTP). */
async function timed(runs: number, step: () => Promise<unknown>): Promise<number> {
  const timings: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    await step();
    if (i >= 2) timings.push(performance.now() - started);
  }
  return median(timings);
}

/**
 * GET /trials/slots for a weekday in a tenant of 200 tutors, each with a month of booked lessons: p50 and
 * p95 of sequential requests through the local gateway, and where the time of one answer goes.
 */
export async function measureTrialSlots(stack: BenchStack) {
  const seedStarted = performance.now();
  const { tenant, lessons } = await seed();
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const date = upcomingWednesday(VIEWER_ZONE, 7);
  const query = { date, ...igcseMaths, deviceTimezone: VIEWER_ZONE };
  const timings: number[] = [];
  let slots: SlotDoc[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    const { status, body } = await stack.api.call<{ docs: SlotDoc[] }>('trials.slots', {
      tenant: TENANT,
      query,
    });
    const elapsed = performance.now() - started;
    if (status !== 200) throw new Error(`GET /trials/slots answered ${status}: ${JSON.stringify(body)}`);
    slots = body.docs;
    if (i >= WARM_UP) timings.push(elapsed);
  }
  const tutorsOffered = new Set(slots.map((slot) => slot.tutorId)).size;

  // Where the time goes: the same steps trialSlots takes, each timed on its own, in this process.
  const availabilities = await teachingAvailabilities(TENANT, igcseMaths);
  const tutorIds = availabilities.map((availability) => availability.userId);
  const settings = defaultSchedulingSettings;
  const days = viewerDayBusyDays(date, VIEWER_ZONE, settings.trialDurationMinutes, settings.bufferMinutes);
  const busy = busyLessonsIn(await busyDays(TENANT, days), tutorIds, () => days);
  const phases = {
    total: await timed(10, () => trialSlots(tenant, query)),
    teachingAvailabilities: await timed(10, () => teachingAvailabilities(TENANT, igcseMaths)),
    busyLessons: await timed(10, () => busyDays(TENANT, days)),
    // The pure rule slotsByTutor runs per tutor, on the data just read.
    slotRules: await timed(10, async () => {
      const now = new Date();
      for (const availability of availabilities) {
        freeSlots({
          date,
          viewerTimeZone: VIEWER_ZONE,
          tutorTimeZone: availability.timezone,
          weekly: weeklyHoursOf(availability),
          exceptions: availability.exceptions,
          windows: availability.windows,
          booked: busy.get(availability.userId) ?? [],
          durationMinutes: settings.trialDurationMinutes,
          stepMinutes: settings.slotStepMinutes,
          minimumNoticeMinutes: settings.minimumNoticeMinutes,
          bufferMinutes: settings.bufferMinutes,
          now,
        });
      }
    }),
  };
  const bookedAround = [...busy.values()].reduce((sum, lessons) => sum + lessons.length, 0);

  return {
    date,
    tutors: TUTORS,
    lessons,
    seedSeconds,
    slots: slots.length,
    tutorsOffered,
    p50: median(timings),
    p95: percentile(timings, 95),
    bookedAround,
    phases,
  };
}
