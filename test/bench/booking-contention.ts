import { DateTime } from 'luxon';
import { hashPassword } from '../../functions/lib/passwords';
import { userSchedule } from '../../functions/repositories/lessons';
import { defaultSchedulingSettings } from '../../shared/scheduling/settings';
import {
  createBenchTenant,
  createBenchTutor,
  igcseMaths,
  inParallel,
  percentile,
  tutorTimeZones,
  upcomingWednesday,
} from './scheduling-tenant';
import type { BenchStack } from './stack';

const TENANT = 'bench-contention';
const TUTORS = 5;
const SLOTS = 10;
const CLIENTS_PER_SLOT = 5;
const VIEWER_ZONE = 'Asia/Singapore';
const MINUTE_MS = 60_000;

type SlotDoc = { start: string; end: string; label: string; tutorId?: string };
type Span = { start: string; end: string };

/** Two lessons of one tutor clash when they overlap or sit closer than the buffer. */
function clash(a: Span, b: Span, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE_MS;
  return Date.parse(a.start) < Date.parse(b.end) + buffer && Date.parse(b.start) < Date.parse(a.end) + buffer;
}

/** Ten of the offered slots that can all be booked together: no two of one tutor clash. */
function independentSlots(offered: SlotDoc[], count: number): SlotDoc[] {
  const chosen: SlotDoc[] = [];
  for (const slot of offered) {
    if (!slot.tutorId) continue;
    const fits = chosen.every(
      (other) =>
        other.tutorId !== slot.tutorId || !clash(other, slot, defaultSchedulingSettings.bufferMinutes),
    );
    if (fits) chosen.push(slot);
    if (chosen.length === count) return chosen;
  }
  throw new Error(`Only ${chosen.length} independent slots offered, ${count} needed`);
}

/**
 * 50 new visitors sign up and book at the same moment through POST /trials/sign-up, five on each of ten
 * offered slots: latency, successes, 409s, and the double bookings found by reading the tutors' calendars.
 */
export async function measureBookingContention(stack: BenchStack) {
  await createBenchTenant(TENANT);
  const passwordHash = await hashPassword('Bench-user-1');
  const tutorIds = Array.from({ length: TUTORS }, (_, i) => `bench-contention-tutor-${i}`);
  await inParallel(tutorIds, TUTORS, (id, i) =>
    createBenchTutor(TENANT, id, tutorTimeZones[i % tutorTimeZones.length]!, passwordHash),
  );

  const date = upcomingWednesday(VIEWER_ZONE, 5);
  const offered = await stack.api.call<{ docs: SlotDoc[] }>('trials.slots', {
    tenant: TENANT,
    query: { date, ...igcseMaths, deviceTimezone: VIEWER_ZONE },
  });
  if (offered.status !== 200) throw new Error(`GET /trials/slots answered ${offered.status}`);
  const slots = independentSlots(offered.body.docs, SLOTS);

  // Interleaved, so the five clients of one slot are not queued one after another.
  const clients: Array<{ slot: number; email: string }> = [];
  for (let j = 0; j < CLIENTS_PER_SLOT; j++) {
    for (let k = 0; k < SLOTS; k++) clients.push({ slot: k, email: `contention-${k}-${j}@example.com` });
  }
  const results = await Promise.all(
    clients.map(async (client) => {
      const slot = slots[client.slot]!;
      const started = performance.now();
      const { status, body } = await stack.api.call<Record<string, any>>('trials.signUp', {
        tenant: TENANT,
        body: {
          firstname: 'Contention',
          lastname: 'Visitor',
          email: client.email,
          password: 'Contention-visitor-1',
          ...igcseMaths,
          startDate: slot.start,
          endDate: slot.end,
          tutorId: slot.tutorId,
          deviceTimezone: VIEWER_ZONE,
        },
      });
      return { ...client, status, ms: performance.now() - started, message: body?.message as unknown };
    }),
  );

  const byStatus = new Map<number, number>();
  for (const result of results) byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);
  const successesPerSlot = slots.map(
    (_, k) => results.filter((r) => r.slot === k && r.status === 201).length,
  );
  const unexpected = results.filter((r) => r.status !== 201 && r.status !== 409);

  // Read back every tutor's calendar around the day and count pairs of lessons that clash.
  const dayStart = DateTime.fromISO(date, { zone: VIEWER_ZONE }).startOf('day');
  const from = dayStart.minus({ days: 1 }).toUTC().toISO()!;
  const to = dayStart.plus({ days: 2 }).toUTC().toISO()!;
  let lessonsBooked = 0;
  let doubleBookings = 0;
  for (const tutorId of tutorIds) {
    const lessons = (await userSchedule(TENANT, tutorId, from, to)).filter(
      (entry) => entry.role === 'tutor' && entry.status !== 'CANCELLED',
    );
    lessonsBooked += lessons.length;
    for (let a = 0; a < lessons.length; a++) {
      for (let b = a + 1; b < lessons.length; b++) {
        if (clash(lessons[a]!, lessons[b]!, defaultSchedulingSettings.bufferMinutes)) doubleBookings++;
      }
    }
  }

  // Each sign-up hashes its password (scrypt, 32 MiB): the same 50 hashes at once, alone, for comparison.
  const hashStarted = performance.now();
  await Promise.all(clients.map(() => hashPassword('Contention-visitor-1')));
  const hashesMs = performance.now() - hashStarted;

  const latencies = results.map((r) => r.ms);
  return {
    date,
    clients: clients.length,
    slots: slots.length,
    tutorsInvolved: new Set(slots.map((slot) => slot.tutorId)).size,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    successes: byStatus.get(201) ?? 0,
    conflicts: byStatus.get(409) ?? 0,
    otherStatuses: unexpected.map((r) => `${r.status}: ${String(r.message)}`),
    slotsWithOneBooking: successesPerSlot.filter((n) => n === 1).length,
    lessonsBooked,
    doubleBookings,
    hashesMs,
  };
}
