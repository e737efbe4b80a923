import { DateTime } from 'luxon';
import type { AdminFilter } from './admin-list-page';

/** A date filter's query value: the start or the end of that day in the viewer's zone, as UTC ISO. */
export function dayBoundary(date: string, edge: 'start' | 'end', zone: string): string | undefined {
  const day = DateTime.fromISO(date, { zone });
  if (!day.isValid) return undefined;
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).toUTC().toISO() ?? undefined;
}

/**
 * "Lessons from" and "Lessons to": whole days in the viewer's zone, sent as the `startDate` and `endDate`
 * instants the lesson lists filter by (their start on or after the first day's start, on or before the
 * last day's end).
 */
export function lessonDateFilters(zone: string): AdminFilter[] {
  return [
    {
      key: 'startDate',
      label: 'Lessons from',
      kind: 'date',
      toQuery: (date) => dayBoundary(date, 'start', zone),
    },
    {
      key: 'endDate',
      label: 'Lessons to',
      kind: 'date',
      toQuery: (date) => dayBoundary(date, 'end', zone),
    },
  ];
}
