import { DateTime } from 'luxon';

const DAY_MS = 86_400_000;

export type Checked<T> = ({ ok: true } & T) | { ok: false; message: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list's `startDate` or `endDate` filter as a UTC ISO instant, comparable as text with stored times
 * (`2025-01-31T10:00:00.000Z`): an ISO date-time with any offset (none means UTC), or a bare `YYYY-MM-DD`
 * taken as that UTC day's first (`start`) or last (`end`) millisecond. Comparing the raw text instead
 * would leave out every lesson on a bare end day and misread offsets. Undefined when not a date.
 */
export function instantBound(value: string, edge: 'start' | 'end'): string | undefined {
  const parsed = DateTime.fromISO(value.trim(), { zone: 'utc' });
  if (!parsed.isValid) return undefined;
  const instant = DATE_ONLY.test(value.trim()) && edge === 'end' ? parsed.endOf('day') : parsed;
  return instant.toUTC().toISO() ?? undefined;
}

/**
 * The optional `startDate` / `endDate` filters of a list (lesson requests): each bound as a UTC instant,
 * both inclusive. A value that is no date, or an end before the start, is a 400 naming the field.
 */
export function dateFilterRange(
  startDate: string | undefined,
  endDate: string | undefined,
): Checked<{ from?: string; to?: string }> {
  const from = startDate ? instantBound(startDate, 'start') : undefined;
  if (startDate && !from) return { ok: false, message: `startDate: ${NOT_A_DATE}` };
  const to = endDate ? instantBound(endDate, 'end') : undefined;
  if (endDate && !to) return { ok: false, message: `endDate: ${NOT_A_DATE}` };
  if (from && to && to < from) return { ok: false, message: 'endDate: The end must not be before the start' };
  return { ok: true, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

const NOT_A_DATE = 'Use an ISO date-time or a date as YYYY-MM-DD';

/** The admin schedule's window when a bound is missing, and the most one call may read. */
export const SCHEDULE_WINDOW_DAYS = 60;
export const SCHEDULE_PAST_DAYS = 7;
export const SCHEDULE_MAX_DAYS = 400;

/**
 * The admin schedule's range (GET /admin/schedule/meetings): lessons starting in `[from, to)`. Without
 * dates, from a week ago for 60 days; with a start only, its 60 days; with an end only, the 60 days before
 * it (an end in the past means those lessons, not an empty list); with both, that range, which must be
 * the right way round and at most 400 days (the read is bounded, as GET /schedule/list bounds its own).
 */
export function adminScheduleRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): Checked<{ from: string; to: string }> {
  const window = SCHEDULE_WINDOW_DAYS * DAY_MS;
  const start = query.startDate ? Date.parse(query.startDate) : undefined;
  const end = query.endDate ? Date.parse(query.endDate) : undefined;
  if (Number.isNaN(start)) return { ok: false, message: `startDate: ${NOT_A_DATE}` };
  if (Number.isNaN(end)) return { ok: false, message: `endDate: ${NOT_A_DATE}` };
  const from = start ?? (end !== undefined ? end - window : now.getTime() - SCHEDULE_PAST_DAYS * DAY_MS);
  const to = end ?? from + window;
  if (to <= from) return { ok: false, message: 'endDate: The end must be after the start' };
  if (to - from > SCHEDULE_MAX_DAYS * DAY_MS) {
    return { ok: false, message: `endDate: Ask for at most ${SCHEDULE_MAX_DAYS} days at a time` };
  }
  return { ok: true, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
