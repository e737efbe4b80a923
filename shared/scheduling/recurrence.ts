/**
 * Recurring lessons (issue 16 item 12, beyond the spec): a weekly or fortnightly series booked from its
 * first lesson. Every occurrence keeps the first lesson's local wall time in the tutor's IANA zone, so a
 * 16:00 lesson in Europe/London stays at 16:00 on both sides of a daylight-saving change (its UTC instant
 * moves by an hour), and keeps the first lesson's length in minutes.
 *
 * A wall time that does not exist on an occurrence's date (it falls in a spring-forward gap, e.g. 02:30
 * on the night clocks go from 02:00 to 03:00) is moved forward by the gap's length, to 03:30: the lesson
 * keeps its length and the later instant that time names (luxon's and Temporal's "compatible" rule). A
 * wall time that exists twice (the fall-back hour) is the earlier of the two instants.
 */
import { DateTime, IANAZone } from 'luxon';
import * as z from 'zod';

export const recurrenceFrequencies = ['WEEKLY', 'FORTNIGHTLY'] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];

export const MIN_OCCURRENCES = 2;
export const MAX_OCCURRENCES = 52;
/** An `until` date is at most this many days after the first lesson's local date. */
export const MAX_UNTIL_DAYS = 366;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/** How a series repeats and ends: after `count` lessons (the first included) or on a local date inclusive. */
export const recurrenceSchema = z
  .object({
    frequency: z.enum(recurrenceFrequencies),
    count: z
      .number()
      .int()
      .min(MIN_OCCURRENCES, `A series has at least ${MIN_OCCURRENCES} lessons`)
      .max(MAX_OCCURRENCES, `A series has at most ${MAX_OCCURRENCES} lessons`)
      .optional(),
    until: localDate.optional(),
  })
  .strict()
  .refine((value) => (value.count === undefined) !== (value.until === undefined), {
    message: 'A series ends either after a number of lessons or on a date, not both',
  });
export type Recurrence = z.infer<typeof recurrenceSchema>;

export interface Occurrence {
  /** 0 for the first lesson. */
  index: number;
  start: Date;
  end: Date;
}

export type ExpandResult = { ok: true; occurrences: Occurrence[] } | { ok: false; message: string };

export function stepWeeks(frequency: RecurrenceFrequency): number {
  return frequency === 'WEEKLY' ? 1 : 2;
}

/**
 * The occurrences of a series whose first lesson is `first`, in `timeZone`. Refuses (with a message fit
 * for a person) an unknown zone, an `until` before the first lesson or more than a year after it, and a
 * series that would have fewer than 2 or more than 52 lessons.
 */
export function expandRecurrence(
  first: { start: Date; end: Date },
  recurrence: Recurrence,
  timeZone: string,
): ExpandResult {
  if (!IANAZone.isValidZone(timeZone)) return { ok: false, message: `Unknown time zone ${timeZone}` };
  const lengthMs = first.end.getTime() - first.start.getTime();
  if (!(lengthMs > 0)) return { ok: false, message: 'A lesson ends after it starts' };
  const startLocal = DateTime.fromJSDate(first.start, { zone: timeZone });
  const wall = { hour: startLocal.hour, minute: startLocal.minute, second: startLocal.second };
  const weeks = stepWeeks(recurrence.frequency);

  let count: number;
  if (recurrence.count !== undefined) {
    count = recurrence.count;
  } else if (recurrence.until !== undefined) {
    const until = DateTime.fromISO(recurrence.until, { zone: timeZone });
    if (!until.isValid) return { ok: false, message: `${recurrence.until} is not a date` };
    const firstDay = startLocal.startOf('day');
    const days = Math.round(until.startOf('day').diff(firstDay, 'days').days);
    if (days < 0) return { ok: false, message: 'The series ends before its first lesson' };
    if (days > MAX_UNTIL_DAYS)
      return { ok: false, message: 'A series ends within a year of its first lesson' };
    count = Math.floor(days / (7 * weeks)) + 1;
  } else {
    return { ok: false, message: 'A series ends either after a number of lessons or on a date' };
  }
  if (count < MIN_OCCURRENCES) {
    const why = recurrence.until === undefined ? '' : ': the end date is too early';
    return { ok: false, message: `A series has at least ${MIN_OCCURRENCES} lessons${why}` };
  }
  if (count > MAX_OCCURRENCES)
    return { ok: false, message: `A series has at most ${MAX_OCCURRENCES} lessons` };

  const occurrences: Occurrence[] = [];
  for (let index = 0; index < count; index++) {
    const day = startLocal.plus({ weeks: weeks * index });
    // Setting the wall time on the date (not adding hours) is what keeps it across a DST change; luxon
    // moves a time in a spring-forward gap forward by the gap.
    const start = day.set(wall).toJSDate();
    occurrences.push({ index, start, end: new Date(start.getTime() + lengthMs) });
  }
  return { ok: true, occurrences };
}

/**
 * The rest of a series from occurrence `from` (its start): that lesson and every later one, in date order.
 * What "this and following lessons" cancels or moves.
 */
export function followingOccurrences<T extends { start: Date }>(series: readonly T[], from: Date): T[] {
  return [...series]
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .filter((occurrence) => occurrence.start.getTime() >= from.getTime());
}

/**
 * Moving "this and following lessons": the change from `oldStart` to `newStart`, measured in the tutor's
 * wall time (whole days plus minutes of the day), applied to `start` in wall time too. Moving Monday 16:00
 * to Tuesday 17:00 moves every later lesson to the next day one hour later on the clock, also across a
 * DST change (an instant offset would put the lessons after the change an hour off).
 */
export function shiftInWallTime(start: Date, oldStart: Date, newStart: Date, timeZone: string): Date {
  const wall = (instant: Date) =>
    DateTime.fromJSDate(instant, { zone: timeZone }).setZone('UTC', { keepLocalTime: true });
  const deltaMinutes = Math.round(wall(newStart).diff(wall(oldStart), 'minutes').minutes);
  return wall(start).plus({ minutes: deltaMinutes }).setZone(timeZone, { keepLocalTime: true }).toJSDate();
}

/** Local date (YYYY-MM-DD) and time of an instant in a zone, as a clash list names it. */
export function localLabel(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat('ccc d LLL yyyy HH:mm');
}

/** The 409 message of a refused series: every clashing date in the tutor's zone. */
export function clashMessage(clashes: readonly Date[], timeZone: string): string {
  const labels = [...clashes].sort((a, b) => a.getTime() - b.getTime()).map((d) => localLabel(d, timeZone));
  const noun = labels.length === 1 ? 'date clashes' : 'dates clash';
  return `The series was not booked: ${labels.length} ${noun} with other lessons (${timeZone}): ${labels.join(', ')}`;
}
