import { DateTime } from 'luxon';
import { type AvailabilityWindow, isWindowUsable } from './availability-window';

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
 */
export function freeSlots(request: SlotRequest): Slot[] {
  const viewerZone = request.viewerTimeZone || DEFAULT_TIME_ZONE;
  const dayStart = DateTime.fromISO(request.date, { zone: viewerZone }).startOf('day');
  if (!dayStart.isValid) return [];
  const dayEnd = dayStart.plus({ days: 1 });
  const durationMs = request.durationMinutes * MINUTE_MS;
  const stepMs = request.stepMinutes * MINUTE_MS;
  const bufferMs = request.bufferMinutes * MINUTE_MS;
  const earliest = request.now.getTime() + request.minimumNoticeMinutes * MINUTE_MS;

  const starts = new Set<number>();
  for (const tutorDay of tutorDaysOverlapping(dayStart, dayEnd, request.tutorTimeZone)) {
    for (const range of hoursOn(tutorDay, request.weekly, request.exceptions ?? [])) {
      const from = atTime(tutorDay, range.from, request.tutorTimeZone);
      const to =
        range.to === '24:00'
          ? tutorDay.plus({ days: 1 }).toMillis()
          : atTime(tutorDay, range.to, request.tutorTimeZone);
      for (let start = from; start + durationMs <= to; start += stepMs) starts.add(start);
    }
  }

  const slots: Slot[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const end = start + durationMs;
    if (start < dayStart.toMillis() || start >= dayEnd.toMillis() || start < earliest) continue;
    const clashes = request.booked.some(
      (lesson) => start - bufferMs < lesson.end.getTime() && end + bufferMs > lesson.start.getTime(),
    );
    if (clashes) continue;
    const lesson = { start: new Date(start), end: new Date(end) };
    if (
      request.windows?.length &&
      !request.windows.some((w) => isWindowUsable(w, lesson, request.tutorTimeZone))
    )
      continue;
    slots.push({ ...lesson, label: DateTime.fromMillis(start, { zone: viewerZone }).toFormat('hh:mm a') });
  }
  return slots;
}

/** The tutor's calendar days (at their midnight) that overlap the viewer's day. */
function tutorDaysOverlapping(dayStart: DateTime, dayEnd: DateTime, tutorZone: string): DateTime[] {
  const first = dayStart.setZone(tutorZone).startOf('day');
  const last = dayEnd.minus({ milliseconds: 1 }).setZone(tutorZone).startOf('day');
  const days: DateTime[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 }).startOf('day')) days.push(day);
  return days;
}

function hoursOn(day: DateTime, weekly: WeeklyHours, exceptions: AvailabilityException[]): HoursRange[] {
  const date = day.toISODate();
  const onDay = exceptions.filter((exception) => exception.date === date);
  if (onDay.some((exception) => exception.kind === 'dayOff')) return [];
  const weekday = (day.weekday % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  const extra = onDay.flatMap((exception) => (exception.kind === 'extraHours' ? exception.hours : []));
  return [...(weekly[weekday] ?? []), ...extra];
}

/** A wall-clock time on a tutor day; a time skipped by a spring-forward change moves to the next valid one. */
function atTime(day: DateTime, time: string, zone: string): number {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone },
  ).toMillis();
}
