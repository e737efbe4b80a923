import { DateTime } from 'luxon';

/*
 * Calendar arithmetic on plain dates (`YYYY-MM-DD`, `YYYY-MM`): the month calendar shows days, not
 * instants, so these work in UTC where every day has 24 hours. Which day "today" is, and which days have
 * free times, come from the viewer's zone elsewhere.
 */

const day = (date: string) => DateTime.fromISO(date, { zone: 'UTC' });

export const monthOf = (date: string): string => date.slice(0, 7);

export function addDays(date: string, days: number): string {
  return day(date).plus({ days }).toISODate() ?? date;
}

/** The same day `months` later, or the month's last day when it has fewer days. */
export function addMonths(date: string, months: number): string {
  return day(date).plus({ months }).toISODate() ?? date;
}

export function firstOfMonth(month: string): string {
  return `${month}-01`;
}

export function lastOfMonth(month: string): string {
  return day(`${month}-01`).endOf('month').toISODate() ?? `${month}-28`;
}

/** `November 2026`. */
export function monthTitle(month: string): string {
  return day(`${month}-01`).toFormat('LLLL yyyy');
}

/** `Wednesday, 25 November 2026`: how a screen reader names a day. */
export function dayLabel(date: string): string {
  return day(date).toFormat('cccc, d LLLL yyyy');
}

/** `Wed, 25 Nov`: a day in a sentence or on a button. */
export function shortDayLabel(date: string): string {
  return day(date).toFormat('ccc, d LLL');
}

/** The weekday columns, Sunday first as the spec lists weekdays. */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
].map((long) => ({ long, short: long.slice(0, 2) }));

/** The month's weeks, Sunday to Saturday, with '' in the cells before the 1st and after the last day. */
export function monthWeeks(month: string): string[][] {
  const first = day(`${month}-01`);
  const cells: string[] = Array.from({ length: first.weekday % 7 }, () => '');
  for (let date = first; date.month === first.month; date = date.plus({ days: 1 })) {
    cells.push(date.toISODate() ?? '');
  }
  while (cells.length % 7 !== 0) cells.push('');
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}
