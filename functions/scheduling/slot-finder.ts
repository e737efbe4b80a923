import { DateTime } from 'luxon';
import {
  busyDaysOfCandidates,
  candidatesByDay,
  daysWithFreeSlots,
  type FreeDaysRequest,
  type TutorHours,
  withoutStart,
} from '../../shared/scheduling/free-days';
import { schedulingSettings } from '../../shared/scheduling/settings';
import {
  busyDaysToRead,
  candidateStarts,
  DEFAULT_TIME_ZONE,
  type Slot,
  slotsAmong,
  viewerDayBusyDays,
  type WeeklyHours,
} from '../../shared/scheduling/slots';
import { offersTrials, type SlotDoc, type TutorAvailabilityStatus } from '../../shared/schemas/availability';
import type { Tenant } from '../../shared/schemas/tenant';
import {
  type AvailabilityRecord,
  getAvailabilities,
  type SlotAvailability,
  slotAvailabilities,
  teachingAvailabilities,
} from '../repositories/availability';
import { busyDays, busyLessons, busyLessonsIn } from '../repositories/lessons';

export interface SlotQuery {
  /** `YYYY-MM-DD` in the viewer's zone. */
  date: string;
  durationMinutes: number;
  viewerTimeZone?: string;
  /** When moving a lesson, its current time is not counted as booked. */
  ignoreSectionId?: string;
  /** When moving several lessons together (the rest of a series), their current times are not either. */
  ignoreSectionIds?: ReadonlySet<string>;
  /** Which tutor statuses may be offered. */
  eligible: (status: TutorAvailabilityStatus) => boolean;
  now?: Date;
}

export function weeklyHoursOf(availability: Pick<AvailabilityRecord, 'weeklyHours'>): WeeklyHours {
  const weekly: WeeklyHours = {};
  for (const { weekday, from, to } of availability.weeklyHours) {
    const day = weekday as keyof WeeklyHours;
    weekly[day] = [...(weekly[day] ?? []), { from, to }];
  }
  return weekly;
}

/**
 * Each eligible tutor's free slots for one viewer day: their availability (one batched read; the trial
 * dialog gets it from the teaching index instead), then their booked lessons on only the UTC days their
 * possible slots can clash on (none for tutors without hours that day or not eligible), then the pure slot
 * rule per tutor. busyLessons reads the tutors' day shards: at most BUSY_SHARDS items a day however many.
 */
export async function slotsByTutor(
  tenant: Tenant,
  tutorIds: string[],
  query: SlotQuery,
): Promise<Map<string, Slot[]>> {
  if (tutorIds.length === 0) return new Map();
  return slotsOf(tenant, await slotAvailabilities(tenant.key, tutorIds), query);
}

/** How the slot finder gets the tutors' booked lessons on the UTC days each tutor's slots can clash on. */
type BusyLessonsOf = (
  tutorIds: string[],
  daysOf: (tutorId: string) => string[],
) => Promise<ReturnType<typeof busyLessonsIn>>;

/** {@link slotsByTutor} for availabilities already read. */
async function slotsOf(
  tenant: Tenant,
  availabilityList: SlotAvailability[],
  query: SlotQuery,
  busyLessonsOf: BusyLessonsOf = (tutorIds, daysOf) => busyLessons(tenant.key, tutorIds, daysOf),
): Promise<Map<string, Slot[]>> {
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const now = query.now ?? new Date();
  const viewerZone = query.viewerTimeZone || DEFAULT_TIME_ZONE;
  const dayStart = DateTime.fromISO(query.date, { zone: viewerZone }).startOf('day');
  const result = new Map<string, Slot[]>();
  if (!dayStart.isValid || availabilityList.length === 0) return result;
  const horizon = now.getTime() + settings.bookingHorizonDays * 86_400_000;
  if (dayStart.toMillis() > horizon || dayStart.plus({ days: 1 }).toMillis() < now.getTime()) return result;

  const availabilities = availabilityList.filter((a) => query.eligible(a.status));
  if (availabilities.length === 0) return result;
  const tutors = availabilities.map((availability) => {
    const request = {
      date: query.date,
      viewerTimeZone: viewerZone,
      tutorTimeZone: availability.timezone,
      weekly: weeklyHoursOf(availability),
      exceptions: availability.exceptions,
      windows: availability.windows,
      durationMinutes: query.durationMinutes,
      stepMinutes: settings.slotStepMinutes,
      minimumNoticeMinutes: settings.minimumNoticeMinutes,
      bufferMinutes: settings.bufferMinutes,
      now,
    };
    const candidates = candidateStarts(request).filter((start) => start <= horizon);
    const days = candidates.length
      ? busyDaysToRead(candidates[0]!, candidates.at(-1)!, query.durationMinutes, settings.bufferMinutes)
      : [];
    return { tutorId: availability.userId, request, candidates, days };
  });
  const daysOf = new Map(tutors.map((tutor) => [tutor.tutorId, tutor.days]));
  const busy = await busyLessonsOf(
    tutors.map((tutor) => tutor.tutorId),
    (tutorId) => daysOf.get(tutorId) ?? [],
  );
  for (const { tutorId, request, candidates } of tutors) {
    const booked = (busy.get(tutorId) ?? []).filter(
      (lesson) =>
        lesson.sectionId !== query.ignoreSectionId && !query.ignoreSectionIds?.has(lesson.sectionId),
    );
    result.set(tutorId, slotsAmong(candidates, { ...request, booked }));
  }
  return result;
}

/**
 * Free slots pooled across tutors: one button per start time; each start goes to the tutor with the most
 * free time that day (then the lowest id), which spreads trials across the team.
 */
async function pooledSlots(
  tenant: Tenant,
  availabilities: SlotAvailability[],
  query: SlotQuery,
  busyLessonsOf: BusyLessonsOf,
): Promise<SlotDoc[]> {
  const byTutor = await slotsOf(tenant, availabilities, query, busyLessonsOf);
  const byStart = new Map<number, { slot: Slot; tutorId: string; load: number }>();
  for (const [tutorId, slots] of byTutor) {
    const load = -slots.length;
    for (const slot of slots) {
      const key = slot.start.getTime();
      const current = byStart.get(key);
      if (!current || load < current.load || (load === current.load && tutorId < current.tutorId))
        byStart.set(key, { slot, tutorId, load });
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { slot, tutorId }]) => ({ ...toSlotDoc(slot), tutorId }));
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
  options: Pick<SlotQuery, 'eligible' | 'ignoreSectionId' | 'ignoreSectionIds'>,
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
    ...(options.ignoreSectionIds ? { ignoreSectionIds: options.ignoreSectionIds } : {}),
  });
  return (slots.get(tutorId) ?? []).some((slot) => slot.start.getTime() === start.getTime());
}

/**
 * The trial dialog's slots: tutors who teach the combination and take trials, pooled by start time. The
 * question is about many tutors, so the viewer day's busy shards are read whole, at the same time as the
 * teaching index rather than after it (a fixed BUSY_SHARDS items per UTC day).
 */
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
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const slotQuery: SlotQuery = {
    date: query.date,
    durationMinutes: settings.trialDurationMinutes,
    ...(query.deviceTimezone ? { viewerTimeZone: query.deviceTimezone } : {}),
    eligible: offersTrials,
  };
  const [teaching, dayItems] = await Promise.all([
    teachingAvailabilities(tenant.key, query),
    busyDays(
      tenant.key,
      viewerDayBusyDays(
        query.date,
        query.deviceTimezone || DEFAULT_TIME_ZONE,
        settings.trialDurationMinutes,
        settings.bufferMinutes,
      ),
    ),
  ]);
  const tutors = query.tutorId ? teaching.filter((tutor) => tutor.userId === query.tutorId) : teaching;
  const docs = await pooledSlots(tenant, tutors, slotQuery, async (tutorIds, daysOf) =>
    busyLessonsIn(dayItems, tutorIds, daysOf),
  );
  return { docs };
}

export interface FreeDaysQuery {
  /** The first and last viewer days asked about, `YYYY-MM-DD`. */
  from: string;
  to: string;
  durationMinutes: number;
  viewerTimeZone?: string;
  ignoreSectionId?: string;
  /**
   * The lesson being moved, when the question is about its own tutor and length: its start is no move, so
   * it is not a free time ({@link withoutStart}).
   */
  unchanged?: { tutorId: string; start: number };
  eligible: (status: TutorAvailabilityStatus) => boolean;
  now?: Date;
}

export interface FreeDaysAnswer {
  /** The viewer days of the range with at least one free slot, in order. */
  days: string[];
  /** The last viewer day a slot can start on (the tenant's booking horizon). */
  lastBookableDay: string;
  /** The zone the days are in. */
  timezone: string;
}

/**
 * The viewer days of a range on which any of these tutors has a free slot: the same rule as a one-day slot
 * read ({@link slotsOf}: hours, exceptions, windows, notice, horizon, bookings with their buffers), asked
 * for every day of the range at once. Each tutor's bookings are read once, for the UTC days their
 * candidate starts across the range can clash on, instead of one slot read per day.
 */
export async function freeDaysOf(
  tenant: Tenant,
  availabilityList: SlotAvailability[],
  query: FreeDaysQuery,
): Promise<FreeDaysAnswer> {
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const now = query.now ?? new Date();
  const viewerZone = query.viewerTimeZone || DEFAULT_TIME_ZONE;
  const horizonMs = now.getTime() + settings.bookingHorizonDays * 86_400_000;
  const lastBookableDay = DateTime.fromMillis(horizonMs, { zone: viewerZone }).toISODate()!;
  const request: FreeDaysRequest = {
    from: query.from,
    to: query.to,
    viewerTimeZone: viewerZone,
    durationMinutes: query.durationMinutes,
    stepMinutes: settings.slotStepMinutes,
    minimumNoticeMinutes: settings.minimumNoticeMinutes,
    bufferMinutes: settings.bufferMinutes,
    now,
    horizonMs,
  };
  const tutors = availabilityList
    .filter((availability) => query.eligible(availability.status))
    .map((availability) => {
      const tutor: TutorHours = {
        tutorTimeZone: availability.timezone,
        weekly: weeklyHoursOf(availability),
        exceptions: availability.exceptions,
        windows: availability.windows,
      };
      const all = candidatesByDay(request, tutor);
      const unchanged = query.unchanged;
      const days =
        unchanged && unchanged.tutorId === availability.userId ? withoutStart(all, unchanged.start) : all;
      const busy = busyDaysOfCandidates(days, query.durationMinutes, settings.bufferMinutes);
      return { tutorId: availability.userId, tutor, days, busy };
    })
    .filter((tutor) => tutor.days.length > 0);
  if (tutors.length === 0) return { days: [], lastBookableDay, timezone: viewerZone };
  const busyOf = new Map(tutors.map((tutor) => [tutor.tutorId, tutor.busy]));
  const booked = await busyLessons(
    tenant.key,
    tutors.map((tutor) => tutor.tutorId),
    (tutorId) => busyOf.get(tutorId) ?? [],
  );
  const days = daysWithFreeSlots(
    request,
    tutors.map(({ tutorId, tutor, days }) => ({
      tutor,
      days,
      booked: (booked.get(tutorId) ?? []).filter((lesson) => lesson.sectionId !== query.ignoreSectionId),
    })),
  );
  return { days, lastBookableDay, timezone: viewerZone };
}

/** The trial dialog's free days: the tutors who teach the combination and take trials, pooled. */
export async function trialFreeDays(
  tenant: Tenant,
  query: {
    from: string;
    to: string;
    curriculum: string;
    subject: string;
    grade: string;
    deviceTimezone?: string;
    tutorId?: string;
  },
): Promise<FreeDaysAnswer> {
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const teaching = await teachingAvailabilities(tenant.key, query);
  const tutors = query.tutorId ? teaching.filter((tutor) => tutor.userId === query.tutorId) : teaching;
  return freeDaysOf(tenant, tutors, {
    from: query.from,
    to: query.to,
    durationMinutes: settings.trialDurationMinutes,
    ...(query.deviceTimezone ? { viewerTimeZone: query.deviceTimezone } : {}),
    eligible: offersTrials,
  });
}

/** One tutor's free days (a lesson booked or moved with them), read with {@link slotAvailabilities}. */
export async function tutorFreeDays(
  tenant: Tenant,
  tutorId: string,
  query: FreeDaysQuery,
): Promise<FreeDaysAnswer> {
  return freeDaysOf(tenant, await slotAvailabilities(tenant.key, [tutorId]), query);
}
