import { DateTime } from 'luxon';
import { busyDaysToRead, candidateStarts, type SlotRequest, slotsAmong } from './slots';

/** The longest range one free-days question may cover: a month view's six weeks. */
export const MAX_FREE_DAYS_RANGE_DAYS = 42;

/** The calendar dates from `from` to `to`, both included (`YYYY-MM-DD`, zone-free calendar arithmetic). */
export function datesBetween(from: string, to: string): string[] {
  const first = DateTime.fromISO(from, { zone: 'UTC' });
  const last = DateTime.fromISO(to, { zone: 'UTC' });
  if (!first.isValid || !last.isValid) return [];
  const dates: string[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 })) dates.push(day.toISODate()!);
  return dates;
}

/** What every tutor shares in a free-days question: the viewer's range and zone, the tenant's policy. */
export interface FreeDaysRequest {
  /** The first and last viewer days asked about, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  viewerTimeZone: string;
  durationMinutes: number;
  stepMinutes: number;
  minimumNoticeMinutes: number;
  bufferMinutes: number;
  now: Date;
  /** The latest instant a slot may start (now plus the tenant's booking horizon), in ms. */
  horizonMs: number;
}

/** One tutor's hours as the slot rule reads them. */
export type TutorHours = Pick<SlotRequest, 'tutorTimeZone' | 'weekly' | 'exceptions' | 'windows'>;

/** A viewer day and the tutor's possible starts on it (before bookings are looked at). */
export interface DayCandidates {
  date: string;
  candidates: number[];
}

/** The slot rule's request for one viewer day of the range (no bookings yet). */
function dayRequest(request: FreeDaysRequest, tutor: TutorHours, date: string): Omit<SlotRequest, 'booked'> {
  return {
    date,
    viewerTimeZone: request.viewerTimeZone,
    tutorTimeZone: tutor.tutorTimeZone,
    weekly: tutor.weekly,
    ...(tutor.exceptions ? { exceptions: tutor.exceptions } : {}),
    ...(tutor.windows ? { windows: tutor.windows } : {}),
    durationMinutes: request.durationMinutes,
    stepMinutes: request.stepMinutes,
    minimumNoticeMinutes: request.minimumNoticeMinutes,
    bufferMinutes: request.bufferMinutes,
    now: request.now,
  };
}

/**
 * Each viewer day's candidate starts for one tutor: exactly the starts the one-day slot read weighs
 * ({@link candidateStarts}: hours, exceptions, windows, notice, the viewer's day boundaries), no later than
 * the booking horizon, as the slot finder keeps them. Days with none are left out.
 */
export function candidatesByDay(request: FreeDaysRequest, tutor: TutorHours): DayCandidates[] {
  const days: DayCandidates[] = [];
  for (const date of datesBetween(request.from, request.to)) {
    const candidates = candidateStarts(dayRequest(request, tutor, date)).filter(
      (start) => start <= request.horizonMs,
    );
    if (candidates.length > 0) days.push({ date, candidates });
  }
  return days;
}

/**
 * The days without one start (ms): a lesson being moved is no move at its own time, so that time is not one
 * of its free times (the slot read leaves it out too), and a day whose only free time it was is not
 * marked. Days left with no start are dropped.
 */
export function withoutStart(days: readonly DayCandidates[], start: number): DayCandidates[] {
  return days
    .map((day) => ({ date: day.date, candidates: day.candidates.filter((candidate) => candidate !== start) }))
    .filter((day) => day.candidates.length > 0);
}

/** The UTC days whose busy lists can clash with any of these candidates ({@link busyDaysToRead} of the range). */
export function busyDaysOfCandidates(
  days: readonly DayCandidates[],
  durationMinutes: number,
  bufferMinutes: number,
): string[] {
  const first = days[0]?.candidates[0];
  const last = days.at(-1)?.candidates.at(-1);
  if (first === undefined || last === undefined) return [];
  return busyDaysToRead(first, last, durationMinutes, bufferMinutes);
}

/**
 * The viewer days of the range on which at least one tutor has a free slot: a day is free for a tutor
 * exactly when the one-day slot rule ({@link slotsAmong} of its candidates and the tutor's bookings) gives
 * at least one slot, so the calendar marks no day whose times would then be empty.
 */
export function daysWithFreeSlots(
  request: FreeDaysRequest,
  tutors: ReadonlyArray<{ tutor: TutorHours; days: readonly DayCandidates[]; booked: SlotRequest['booked'] }>,
): string[] {
  const free = new Set<string>();
  for (const { tutor, days, booked } of tutors) {
    for (const { date, candidates } of days) {
      if (free.has(date)) continue;
      const slots = slotsAmong(candidates, { ...dayRequest(request, tutor, date), booked });
      if (slots.length > 0) free.add(date);
    }
  }
  return datesBetween(request.from, request.to).filter((date) => free.has(date));
}

/** {@link daysWithFreeSlots} from the tutors' hours and bookings (the whole rule, for one call). */
export function freeDays(
  request: FreeDaysRequest,
  tutors: ReadonlyArray<TutorHours & { booked: SlotRequest['booked'] }>,
): string[] {
  return daysWithFreeSlots(
    request,
    tutors.map((tutor) => ({ tutor, days: candidatesByDay(request, tutor), booked: tutor.booked })),
  );
}

/** The first free day on or after `date`, or undefined. `days` is sorted, as the routes answer it. */
export function nextFreeDay(days: readonly string[], date: string): string | undefined {
  return days.find((day) => day >= date);
}

/** The first free day after `date` (not the day itself). */
export function freeDayAfter(days: readonly string[], date: string): string | undefined {
  return days.find((day) => day > date);
}
