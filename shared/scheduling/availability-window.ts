import { DateTime } from 'luxon';

/** An availability window (spec 001 section 3): calendar dates, read in the tutor's time zone. */
export interface AvailabilityWindow {
  status: string;
  /** `YYYY-MM-DD`, optional. */
  startDate?: string | null;
  /** `YYYY-MM-DD`, optional; the whole day is included. */
  endDate?: string | null;
}

/**
 * Spec 001 section 5, exactly: a window is usable only if its status is ENABLE. With only a start date,
 * the lesson must start on or after the start of that day; with only an end date, the lesson must start
 * and end on or before the end of that day; with both, the start must be inside the range and the end no
 * later than the end of the last day; with no dates it is always usable. Days are the tutor's days.
 */
export function isWindowUsable(
  window: AvailabilityWindow,
  lesson: { start: Date; end: Date },
  timeZone: string,
): boolean {
  if (window.status !== 'ENABLE') return false;
  const start = lesson.start.getTime();
  const end = lesson.end.getTime();
  const firstDay = window.startDate ? dayStart(window.startDate, timeZone) : undefined;
  const lastDayEnd = window.endDate ? dayEnd(window.endDate, timeZone) : undefined;
  if (firstDay === undefined && lastDayEnd === undefined) return true;
  if (lastDayEnd === undefined) return start >= firstDay!;
  if (firstDay === undefined) return start <= lastDayEnd && end <= lastDayEnd;
  return start >= firstDay && start <= lastDayEnd && end <= lastDayEnd;
}

function dayStart(date: string, zone: string): number {
  return DateTime.fromISO(date, { zone }).startOf('day').toMillis();
}

function dayEnd(date: string, zone: string): number {
  return DateTime.fromISO(date, { zone }).endOf('day').toMillis();
}
