import { DateTime } from 'luxon';
import type { AvailabilityWindow } from './availability-window';
import { utcDaysBetween } from './claims';

export const DEFAULT_TIME_ZONE = 'Asia/Singapore';

/** Wall-clock hours in the tutor's zone, e.g. `{ from: '09:00', to: '12:30' }`. */
export interface HoursRange {
  from: string;
  to: string;
}

/** Weekly hours by weekday, 0 = Sunday ... 6 = Saturday (the spec's weekday list runs Sunday to Saturday). */
export type WeeklyHours = Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, HoursRange[]>>;

/** Dated exceptions in the tutor's calendar: a day off, or extra hours on a day. */
export type AvailabilityException =
  | { date: string; kind: 'dayOff' }
  | { date: string; kind: 'extraHours'; hours: HoursRange[] };

export interface SlotRequest {
  /** The day asked for, `YYYY-MM-DD`, in the viewer's zone. */
  date: string;
  viewerTimeZone?: string;
  tutorTimeZone: string;
  weekly: WeeklyHours;
  exceptions?: AvailabilityException[];
  /** When the tutor has windows, a slot must fit at least one usable window. */
  windows?: AvailabilityWindow[];
  booked: Array<{ start: Date; end: Date }>;
  durationMinutes: number;
  /** Minutes between possible starts. */
  stepMinutes: number;
  /** Tenant settings: how long before a slot it can still be booked, and the gap kept around lessons. */
  minimumNoticeMinutes: number;
  bufferMinutes: number;
  now: Date;
}

export interface Slot {
  start: Date;
  end: Date;
  /** The start in the viewer's zone, `hh:mm A`. */
  label: string;
}

const MINUTE_MS = 60_000;

/**
 * Free slots for one viewer day: the tutor's hours expanded on the tutor's own calendar days (so a
 * daylight-saving change moves them as the tutor's clock does), minus booked lessons with their buffers,
 * minus anything sooner than the minimum notice, shown in the viewer's zone.
 *
 * Every time-zone answer (the viewer's day, the tutor's days and wall-clock times, window days, labels)
 * comes from luxon exactly as before, but through small memos ({@link boundedMemo}): a request for 200
 * tutors asks the same few questions 200 times, and luxon's zone offsets (Intl) are the costly part. The
 * candidate starts step in plain milliseconds between instants luxon computed, and bookings are checked
 * with one sorted sweep ({@link bookingSweep}).
 */
export function freeSlots(request: SlotRequest): Slot[] {
  return slotsAmong(candidateStarts(request), request);
}

/**
 * The starts {@link freeSlots} weighs before looking at bookings, in increasing order: the tutor's hours
 * (weekly, exceptions) stepped on their own days, inside the viewer's day, no sooner than the minimum
 * notice, inside a usable window when the tutor has windows. What the bookings then remove is decided by
 * {@link slotsAmong}; the slot finder uses the candidates to read only the busy days that matter.
 */
export function candidateStarts(request: Omit<SlotRequest, 'booked'>): number[] {
  const viewerZone = request.viewerTimeZone || DEFAULT_TIME_ZONE;
  const day = viewerDay(request.date, viewerZone);
  if (!day) return [];
  const durationMs = request.durationMinutes * MINUTE_MS;
  const stepMs = request.stepMinutes * MINUTE_MS;
  const earliest = request.now.getTime() + request.minimumNoticeMinutes * MINUTE_MS;
  const tutorZone = request.tutorTimeZone;

  const starts = new Set<number>();
  for (const tutorDay of tutorDaysOverlapping(request.date, viewerZone, day, tutorZone)) {
    for (const range of hoursOn(tutorDay, request.weekly, request.exceptions ?? [])) {
      const from = wallClockTime(tutorDay, range.from, tutorZone);
      const to = range.to === '24:00' ? tutorDay.nextDay : wallClockTime(tutorDay, range.to, tutorZone);
      for (let start = from; start + durationMs <= to; start += stepMs) starts.add(start);
    }
  }

  const windows = request.windows?.length
    ? request.windows.map((window) => windowBounds(window, tutorZone))
    : undefined;
  const candidates: number[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    if (start < day.start || start >= day.end || start < earliest) continue;
    const end = start + durationMs;
    if (windows && !windows.some((bounds) => fitsWindow(bounds, start, end))) continue;
    candidates.push(start);
  }
  return candidates;
}

/**
 * The free slots among candidates (increasing, as {@link candidateStarts} gives them for this request):
 * those no booked lesson comes closer to than the buffer, labelled in the viewer's zone.
 */
export function slotsAmong(candidates: readonly number[], request: SlotRequest): Slot[] {
  const viewerZone = request.viewerTimeZone || DEFAULT_TIME_ZONE;
  const durationMs = request.durationMinutes * MINUTE_MS;
  const clashes = bookingSweep(request.booked, request.bufferMinutes * MINUTE_MS);
  const slots: Slot[] = [];
  for (const start of candidates) {
    const end = start + durationMs;
    if (clashes(start, end)) continue;
    slots.push({ start: new Date(start), end: new Date(end), label: slotLabel(start, viewerZone) });
  }
  return slots;
}

/**
 * Whether a candidate `[start, end)` comes closer than `bufferMs` to a booked lesson, i.e. for some lesson
 * `start - buffer < lesson.end && end + buffer > lesson.start` (the rule, as a `some` over all lessons).
 * The check is a sweep: the answer must be asked for candidates of one length in increasing start order.
 * Lessons sorted by start, the ones starting before `end + buffer` are a growing prefix, and one of them
 * clashes exactly when the latest end in that prefix is after `start - buffer`. Lessons with an invalid
 * time never clash (every comparison with NaN is false), so they are left out.
 */
export function bookingSweep(
  booked: ReadonlyArray<{ start: Date; end: Date }>,
  bufferMs: number,
): (start: number, end: number) => boolean {
  const lessons: Array<[number, number]> = [];
  for (const lesson of booked) {
    const start = lesson.start.getTime();
    const end = lesson.end.getTime();
    if (!Number.isNaN(start) && !Number.isNaN(end)) lessons.push([start, end]);
  }
  if (lessons.length === 0) return () => false;
  lessons.sort((a, b) => a[0] - b[0]);
  let next = 0;
  let latestEnd = Number.NEGATIVE_INFINITY;
  return (start, end) => {
    while (next < lessons.length && lessons[next]![0] < end + bufferMs) {
      latestEnd = Math.max(latestEnd, lessons[next]![1]);
      next++;
    }
    return latestEnd > start - bufferMs;
  };
}

/**
 * The UTC days whose busy lists can hold a lesson that clashes with a slot of {@link freeSlots}
 * starting in `[firstStart, lastStart]` (ms). A lesson clashes with a slot starting at `s` when it overlaps
 * `(s - buffer, s + duration + buffer)`; then some instant `t` of that interval lies in the lesson (its
 * start, or `s - buffer` when it began earlier), and a lesson is listed on every UTC day from its start
 * to its last instant, so on the day of `t`. Every `t` is in
 * `[firstStart - buffer, lastStart + duration + buffer)`: the days of that range are enough. A viewer's
 * day (23 to 25 hours) touches one to three UTC days, usually two; the buffer before it and the last
 * slot's length and buffer after it (at most 2 + 5 hours) can each add one more. So two or three days in
 * practice: a Singapore day reads two (16:00 UTC the day before minus the buffer, to 17:14 UTC on the
 * day), a London day in winter with 60-minute slots and a 15-minute buffer three (23:45 the day before
 * to 01:14 the day after). No possible slot (the notice or the horizon rules the day out): no days.
 */
export function busyDaysToRead(
  firstStart: number,
  lastStart: number,
  durationMinutes: number,
  bufferMinutes: number,
): string[] {
  if (!(firstStart <= lastStart)) return [];
  const bufferMs = bufferMinutes * 60_000;
  const from = firstStart - bufferMs;
  const to = lastStart + durationMinutes * 60_000 + bufferMs - 1;
  return utcDaysBetween(new Date(from), new Date(to));
}

/**
 * The UTC days any slot of a viewer's day can clash on. A slot starts within the viewer's day whatever the
 * tutor's zone, so every tutor's own days ({@link busyDaysToRead} of their first and last start) are among
 * these: a question about many tutors can read them before it knows which tutors.
 */
export function viewerDayBusyDays(
  date: string,
  viewerTimeZone: string,
  durationMinutes: number,
  bufferMinutes: number,
): string[] {
  const dayStart = DateTime.fromISO(date, { zone: viewerTimeZone }).startOf('day');
  if (!dayStart.isValid) return [];
  const lastStart = dayStart.plus({ days: 1 }).toMillis() - 1;
  return busyDaysToRead(dayStart.toMillis(), lastStart, durationMinutes, bufferMinutes);
}

/** A window as instants in the tutor's zone: `usable` false when its status is not ENABLE. */
export interface WindowBounds {
  usable: boolean;
  /** The start of the first day (ms), when the window has a start date. */
  firstDay?: number;
  /** The last millisecond of the last day, when the window has an end date. */
  lastDayEnd?: number;
}

/** The instants `isWindowUsable` (./availability-window) compares with, computed once per window. */
export function windowBounds(window: AvailabilityWindow, timeZone: string): WindowBounds {
  if (window.status !== 'ENABLE') return { usable: false };
  return {
    usable: true,
    ...(window.startDate ? { firstDay: zoneDayStart(window.startDate, timeZone) } : {}),
    ...(window.endDate ? { lastDayEnd: zoneDayEnd(window.endDate, timeZone) } : {}),
  };
}

/** `isWindowUsable` on precomputed bounds (spec 001 section 5; same comparisons, same answers). */
export function fitsWindow(bounds: WindowBounds, start: number, end: number): boolean {
  if (!bounds.usable) return false;
  const { firstDay, lastDayEnd } = bounds;
  if (firstDay === undefined && lastDayEnd === undefined) return true;
  if (lastDayEnd === undefined) return start >= firstDay!;
  if (firstDay === undefined) return start <= lastDayEnd && end <= lastDayEnd;
  return start >= firstDay && start <= lastDayEnd && end <= lastDayEnd;
}

/**
 * A memo for a pure computation keyed by a string, emptied whenever it holds `limit` entries, so a
 * long-lived container asked about many dates and zones keeps a bounded amount. It only ever returns what
 * `compute` returned for the same key.
 */
export function boundedMemo<T>(limit: number): (key: string, compute: () => T) => T {
  const entries = new Map<string, T>();
  return (key, compute) => {
    if (entries.has(key)) return entries.get(key) as T;
    if (entries.size >= limit) entries.clear();
    const value = compute();
    entries.set(key, value);
    return value;
  };
}

const MEMO_LIMIT = 20_000;
const viewerDays = boundedMemo<{ start: number; end: number } | undefined>(MEMO_LIMIT);
const tutorDayLists = boundedMemo<TutorDay[]>(MEMO_LIMIT);
const wallClockTimes = boundedMemo<number>(MEMO_LIMIT);
const zoneDayStarts = boundedMemo<number>(MEMO_LIMIT);
const zoneDayEnds = boundedMemo<number>(MEMO_LIMIT);
const labels = boundedMemo<string>(MEMO_LIMIT);

/** The viewer's day as instants: its midnight and the next day's (`undefined` for an invalid date or zone). */
function viewerDay(date: string, zone: string): { start: number; end: number } | undefined {
  return viewerDays(`${zone}|${date}`, () => {
    const dayStart = DateTime.fromISO(date, { zone }).startOf('day');
    if (!dayStart.isValid) return undefined;
    return { start: dayStart.toMillis(), end: dayStart.plus({ days: 1 }).toMillis() };
  });
}

/** A tutor calendar day: its date (also as numbers), weekday (0 = Sunday) and when the next day begins. */
interface TutorDay {
  date: string;
  year: number;
  month: number;
  day: number;
  weekday: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  nextDay: number;
}

/** The tutor's calendar days (at their midnight) that overlap the viewer's day. */
function tutorDaysOverlapping(
  date: string,
  viewerZone: string,
  viewer: { start: number; end: number },
  tutorZone: string,
): TutorDay[] {
  return tutorDayLists(`${viewerZone}|${date}|${tutorZone}`, () => {
    const first = DateTime.fromMillis(viewer.start, { zone: tutorZone }).startOf('day');
    const last = DateTime.fromMillis(viewer.end - 1, { zone: tutorZone }).startOf('day');
    const days: TutorDay[] = [];
    for (let day = first; day <= last; day = day.plus({ days: 1 }).startOf('day')) {
      days.push({
        date: day.toISODate()!,
        year: day.year,
        month: day.month,
        day: day.day,
        weekday: (day.weekday % 7) as TutorDay['weekday'],
        nextDay: day.plus({ days: 1 }).toMillis(),
      });
    }
    return days;
  });
}

function hoursOn(day: TutorDay, weekly: WeeklyHours, exceptions: AvailabilityException[]): HoursRange[] {
  const weeklyHours = weekly[day.weekday] ?? [];
  if (exceptions.length === 0) return weeklyHours;
  const onDay = exceptions.filter((exception) => exception.date === day.date);
  if (onDay.some((exception) => exception.kind === 'dayOff')) return [];
  const extra = onDay.flatMap((exception) => (exception.kind === 'extraHours' ? exception.hours : []));
  return [...weeklyHours, ...extra];
}

/** A wall-clock time on a tutor day; a time skipped by a spring-forward change moves to the next valid one. */
function wallClockTime(day: TutorDay, time: string, zone: string): number {
  return wallClockTimes(`${zone}|${day.date}|${time}`, () => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    return DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour, minute },
      { zone },
    ).toMillis();
  });
}

function zoneDayStart(date: string, zone: string): number {
  return zoneDayStarts(`${zone}|${date}`, () => DateTime.fromISO(date, { zone }).startOf('day').toMillis());
}

function zoneDayEnd(date: string, zone: string): number {
  return zoneDayEnds(`${zone}|${date}`, () => DateTime.fromISO(date, { zone }).endOf('day').toMillis());
}

/** `hh:mm a` in the viewer's zone. */
function slotLabel(start: number, zone: string): string {
  return labels(`${zone}|${start}`, () => DateTime.fromMillis(start, { zone }).toFormat('hh:mm a'));
}
