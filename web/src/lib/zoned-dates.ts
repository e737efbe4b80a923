import { DateTime } from 'luxon';

/** The date picker's minimum: today in the viewer's zone (`YYYY-MM-DD`). */
export function today(zone: string): string {
  return DateTime.now().setZone(zone).toISODate()!;
}

/** The date cannot be before today. */
export function isBookableDate(date: string, zone: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today(zone);
}

/** A date and a wall-clock time in a zone as the UTC instant the API takes; undefined if invalid. */
export function zonedInstant(date: string, time: string, zone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  const instant = DateTime.fromISO(`${date}T${time}`, { zone });
  return instant.isValid ? (instant.toUTC().toISO() ?? undefined) : undefined;
}
