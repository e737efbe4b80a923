/**
 * How a booking holds a tutor's time so the database, not luck, prevents double bookings: a lesson claims
 * every 5-minute bucket from its start to its end plus the tutor's buffer, each bucket one item written
 * with a "must not exist" condition in the booking's transaction. Two lessons whose claims share a bucket
 * are exactly two lessons closer than the buffer, so of concurrent bookings of one slot only one can win.
 * Times off the 5-minute grid are rounded outwards (a 3-minute lesson holds a whole bucket).
 */
export const CLAIM_BUCKET_MINUTES = 5;
const BUCKET_MS = CLAIM_BUCKET_MINUTES * 60_000;

export interface TimeSpan {
  start: Date;
  end: Date;
}

/** Bucket starts (ISO, UTC) held by a lesson with its buffer after it. */
export function claimedBuckets(lesson: TimeSpan, bufferMinutes: number): string[] {
  const from = Math.floor(lesson.start.getTime() / BUCKET_MS) * BUCKET_MS;
  const until = lesson.end.getTime() + bufferMinutes * 60_000;
  const buckets: string[] = [];
  for (let bucket = from; bucket < until; bucket += BUCKET_MS) buckets.push(new Date(bucket).toISOString());
  return buckets;
}

/** UTC calendar days (`YYYY-MM-DD`) a lesson touches, where its tutor's busy list is kept. */
export function utcDaysTouched(lesson: TimeSpan): string[] {
  const days: string[] = [];
  const day = new Date(
    Date.UTC(lesson.start.getUTCFullYear(), lesson.start.getUTCMonth(), lesson.start.getUTCDate()),
  );
  const lastInstant = Math.max(lesson.start.getTime(), lesson.end.getTime() - 1);
  while (day.getTime() <= lastInstant) {
    days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

/** UTC days from `from` to `to` inclusive (both `YYYY-MM-DD`). */
export function utcDaysBetween(from: Date, to: Date): string[] {
  return utcDaysTouched({ start: from, end: new Date(to.getTime() + 1) });
}

/**
 * Booked lessons are also listed by UTC day for the slot finder, which reads many tutors' days at once:
 * each day is split into BUSY_SHARDS items, a tutor always in the same one, and each lesson is one
 * attribute `L_<tutorId>|<sectionId>` valued `start|end`. A trial query for any number of tutors reads at
 * most BUSY_SHARDS items a day; bookings of different tutors rarely share an item (and a transaction that
 * meets another on one is retried).
 */
export const BUSY_ATTRIBUTE_PREFIX = 'L_';
export const BUSY_SHARDS = 8;

/** The busy-day shard of a tutor: a stable FNV-1a hash of the id. */
export function busyShard(tutorId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < tutorId.length; i++) {
    hash ^= tutorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUSY_SHARDS;
}

export function busyAttribute(tutorId: string, sectionId: string): string {
  return `${BUSY_ATTRIBUTE_PREFIX}${tutorId}|${sectionId}`;
}

/** The tutor and lesson of a busy attribute name; undefined for any other attribute. */
export function parseBusyAttribute(name: string): { tutorId: string; sectionId: string } | undefined {
  if (!name.startsWith(BUSY_ATTRIBUTE_PREFIX)) return undefined;
  const separator = name.lastIndexOf('|');
  if (separator <= BUSY_ATTRIBUTE_PREFIX.length) return undefined;
  return {
    tutorId: name.slice(BUSY_ATTRIBUTE_PREFIX.length, separator),
    sectionId: name.slice(separator + 1),
  };
}

export function busyEntry(lesson: TimeSpan): string {
  return `${lesson.start.toISOString()}|${lesson.end.toISOString()}`;
}

export function parseBusyEntry(sectionId: string, entry: string): TimeSpan & { sectionId: string } {
  const [start = '', end = ''] = entry.split('|');
  return { start: new Date(start), end: new Date(end), sectionId };
}
