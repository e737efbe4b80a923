import { DateTime } from 'luxon';
import { utcDaysBetween } from '../../shared/scheduling/claims';
import { schedulingSettings } from '../../shared/scheduling/settings';
import { DEFAULT_TIME_ZONE, freeSlots, type Slot, type WeeklyHours } from '../../shared/scheduling/slots';
import { offersTrials, type SlotDoc, type TutorAvailabilityStatus } from '../../shared/schemas/availability';
import type { Tenant } from '../../shared/schemas/tenant';
import { type AvailabilityRecord, getAvailabilities, tutorsTeaching } from '../repositories/availability';
import { busyLessons } from '../repositories/lessons';

export interface SlotQuery {
  /** `YYYY-MM-DD` in the viewer's zone. */
  date: string;
  durationMinutes: number;
  viewerTimeZone?: string;
  /** When moving a lesson, its current time is not counted as booked. */
  ignoreSectionId?: string;
  /** Which tutor statuses may be offered. */
  eligible: (status: TutorAvailabilityStatus) => boolean;
  now?: Date;
}

export function weeklyHoursOf(availability: AvailabilityRecord): WeeklyHours {
  const weekly: WeeklyHours = {};
  for (const { weekday, from, to } of availability.weeklyHours) {
    const day = weekday as keyof WeeklyHours;
    weekly[day] = [...(weekly[day] ?? []), { from, to }];
  }
  return weekly;
}

/**
 * Each eligible tutor's free slots for one viewer day: their availability and their booked lessons are read
 * in batches (a few round trips for hundreds of tutors), then the pure slot rule runs per tutor.
 */
export async function slotsByTutor(
  tenant: Tenant,
  tutorIds: string[],
  query: SlotQuery,
): Promise<Map<string, Slot[]>> {
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const now = query.now ?? new Date();
  const viewerZone = query.viewerTimeZone || DEFAULT_TIME_ZONE;
  const dayStart = DateTime.fromISO(query.date, { zone: viewerZone }).startOf('day');
  const result = new Map<string, Slot[]>();
  if (!dayStart.isValid || tutorIds.length === 0) return result;
  const horizon = now.getTime() + settings.bookingHorizonDays * 86_400_000;
  if (dayStart.toMillis() > horizon || dayStart.plus({ days: 1 }).toMillis() < now.getTime()) return result;

  const availabilities = (await getAvailabilities(tenant.key, tutorIds)).filter((a) =>
    query.eligible(a.status),
  );
  if (availabilities.length === 0) return result;
  // The viewer's day can touch three UTC days; one more each side covers buffers.
  const days = utcDaysBetween(dayStart.minus({ days: 1 }).toJSDate(), dayStart.plus({ days: 2 }).toJSDate());
  const busy = await busyLessons(
    tenant.key,
    availabilities.map((a) => a.userId),
    days,
  );
  for (const availability of availabilities) {
    const booked = (busy.get(availability.userId) ?? []).filter(
      (lesson) => lesson.sectionId !== query.ignoreSectionId,
    );
    const slots = freeSlots({
      date: query.date,
      viewerTimeZone: viewerZone,
      tutorTimeZone: availability.timezone,
      weekly: weeklyHoursOf(availability),
      exceptions: availability.exceptions,
      windows: availability.windows,
      booked,
      durationMinutes: query.durationMinutes,
      stepMinutes: settings.slotStepMinutes,
      minimumNoticeMinutes: settings.minimumNoticeMinutes,
      bufferMinutes: settings.bufferMinutes,
      now,
    }).filter((slot) => slot.start.getTime() <= horizon);
    result.set(availability.userId, slots);
  }
  return result;
}

/**
 * Free slots pooled across tutors: one button per start time; each start goes to the tutor with the most
 * free time that day (then the lowest id), which spreads trials across the team.
 */
export async function pooledSlots(tenant: Tenant, tutorIds: string[], query: SlotQuery): Promise<SlotDoc[]> {
  const byTutor = await slotsByTutor(tenant, tutorIds, query);
  const load = (tutorId: string) => -(byTutor.get(tutorId)?.length ?? 0);
  const byStart = new Map<number, SlotDoc & { load: number }>();
  for (const [tutorId, slots] of byTutor) {
    for (const slot of slots) {
      const key = slot.start.getTime();
      const candidate = { ...toSlotDoc(slot), tutorId, load: load(tutorId) };
      const current = byStart.get(key);
      if (
        !current ||
        candidate.load < current.load ||
        (candidate.load === current.load && tutorId < current.tutorId!)
      )
        byStart.set(key, candidate);
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, { load: _load, ...slot }]) => slot);
}

export function toSlotDoc(slot: Slot): SlotDoc {
  return { start: slot.start.toISOString(), end: slot.end.toISOString(), label: slot.label };
}

/**
 * The server's own check before a booking claims time: the asked start and end must be one of the
 * tutor's free slots right now (hours, exceptions, windows, notice, horizon, status). The claims written
 * with the booking then settle any race.
 */
export async function isFreeSlot(
  tenant: Tenant,
  tutorId: string,
  start: Date,
  end: Date,
  options: { eligible: SlotQuery['eligible']; ignoreSectionId?: string },
): Promise<boolean> {
  const [availability] = await getAvailabilities(tenant.key, [tutorId]);
  if (!availability) return false;
  const date = DateTime.fromJSDate(start, { zone: availability.timezone }).toISODate()!;
  const durationMinutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const slots = await slotsByTutor(tenant, [tutorId], {
    date,
    durationMinutes,
    viewerTimeZone: availability.timezone,
    eligible: options.eligible,
    ...(options.ignoreSectionId ? { ignoreSectionId: options.ignoreSectionId } : {}),
  });
  return (slots.get(tutorId) ?? []).some((slot) => slot.start.getTime() === start.getTime());
}

/** The trial dialog's slots: tutors who teach the combination and take trials, pooled by start time. */
export async function trialSlots(
  tenant: Tenant,
  query: {
    date: string;
    curriculum: string;
    subject: string;
    grade: string;
    deviceTimezone?: string;
    tutorId?: string;
  },
) {
  const teaching = await tutorsTeaching(tenant.key, query);
  const tutorIds = query.tutorId ? teaching.filter((id) => id === query.tutorId) : teaching;
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const docs = await pooledSlots(tenant, tutorIds, {
    date: query.date,
    durationMinutes: settings.trialDurationMinutes,
    ...(query.deviceTimezone ? { viewerTimeZone: query.deviceTimezone } : {}),
    eligible: offersTrials,
  });
  return { docs };
}
