import { DateTime } from 'luxon';
import type { AdminFilter } from './admin-list-page';

/** A date filter's query value: the start or the end of that day in the viewer's zone, as UTC ISO. */
export function dayBoundary(date: string, edge: 'start' | 'end', zone: string): string | undefined {
  const day = DateTime.fromISO(date, { zone });
  if (!day.isValid) return undefined;
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).toUTC().toISO() ?? undefined;
}

/**
 * A From / To pair of date filters: whole days in the viewer's zone, sent as the `startDate` and `endDate`
 * instants the lists filter by (on or after the first day's start, on or before the last day's end).
 */
export function dayRangeFilters(zone: string, labels = { from: 'From', to: 'To' }): AdminFilter[] {
  return [
    {
      key: 'startDate',
      label: labels.from,
      kind: 'date',
      toQuery: (date) => dayBoundary(date, 'start', zone),
    },
    {
      key: 'endDate',
      label: labels.to,
      kind: 'date',
      toQuery: (date) => dayBoundary(date, 'end', zone),
    },
  ];
}

/** "Lessons from" and "Lessons to": the day range of the lesson lists, by the lesson's start. */
export function lessonDateFilters(zone: string): AdminFilter[] {
  return dayRangeFilters(zone, { from: 'Lessons from', to: 'Lessons to' });
}

/** A `YYYY-MM-DD` in the viewer's zone as the instant its day starts (or, with `days`, that many days on). */
export function dayStartIso(date: string, zone: string, days = 0): string | undefined {
  const day = DateTime.fromISO(date, { zone });
  return day.isValid ? (day.startOf('day').plus({ days }).toUTC().toISO() ?? undefined) : undefined;
}

/** Today plus `days`, as `YYYY-MM-DD` in the zone (the date filters' initial values). */
export function dayInZone(zone: string, days = 0, now = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).plus({ days }).toISODate() ?? '';
}

/** From / To date filters of schedule.adminMeetings: To includes its whole day. */
export function dateRangeFilters(zone: string, initial: { from: number; to?: number }): AdminFilter[] {
  return [
    {
      key: 'startDate',
      label: 'From',
      kind: 'date',
      initial: dayInZone(zone, initial.from),
      toQuery: (value) => dayStartIso(value, zone),
    },
    {
      key: 'endDate',
      label: 'To',
      kind: 'date',
      initial: initial.to === undefined ? '' : dayInZone(zone, initial.to),
      toQuery: (value) => dayStartIso(value, zone, 1),
    },
  ];
}
