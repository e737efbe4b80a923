import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  clashMessage,
  expandRecurrence,
  followingOccurrences,
  type Recurrence,
  recurrenceSchema,
  shiftInWallTime,
} from './recurrence';

const hour = 3_600_000;
const lesson = (iso: string, minutes = 60) => {
  const start = new Date(iso);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
};
const local = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-LL-dd HH:mm');

function expand(first: { start: Date; end: Date }, recurrence: Recurrence, zone: string) {
  const result = expandRecurrence(first, recurrence, zone);
  if (!result.ok) throw new Error(result.message);
  return result.occurrences;
}

describe('recurring lessons', () => {
  it('keeps 16:00 in Europe/London across the spring and autumn changes', () => {
    // 16:00 GMT on 2026-03-23 is 16:00Z; the clocks go forward on 2026-03-29, so 16:00 BST is 15:00Z.
    const series = expand(lesson('2026-03-23T16:00:00Z'), { frequency: 'WEEKLY', count: 3 }, 'Europe/London');
    expect(series.map((o) => local(o.start, 'Europe/London'))).toEqual([
      '2026-03-23 16:00',
      '2026-03-30 16:00',
      '2026-04-06 16:00',
    ]);
    expect(series[1]?.start.toISOString()).toBe('2026-03-30T15:00:00.000Z');
    expect(series.every((o) => o.end.getTime() - o.start.getTime() === hour)).toBe(true);

    const autumn = expand(lesson('2026-10-19T15:00:00Z'), { frequency: 'WEEKLY', count: 2 }, 'Europe/London');
    expect(autumn.map((o) => o.start.toISOString())).toEqual([
      '2026-10-19T15:00:00.000Z',
      '2026-10-26T16:00:00.000Z',
    ]);
  });

  it('keeps the wall time across the US change, fortnightly', () => {
    // 17:00 EST on 2026-02-26 (22:00Z); the US clocks go forward on 2026-03-08.
    const series = expand(
      lesson('2026-02-26T22:00:00Z', 45),
      { frequency: 'FORTNIGHTLY', count: 3 },
      'America/New_York',
    );
    expect(series.map((o) => local(o.start, 'America/New_York'))).toEqual([
      '2026-02-26 17:00',
      '2026-03-12 17:00',
      '2026-03-26 17:00',
    ]);
    expect(series[1]?.start.toISOString()).toBe('2026-03-12T21:00:00.000Z');
    expect(series[2]?.end.getTime()).toBe(new Date('2026-03-26T21:45:00Z').getTime());
  });

  it('moves a start in the spring-forward gap forward by the gap, keeping its length', () => {
    // 02:30 on Sundays in New York; 02:30 does not exist on 2026-03-08 (02:00 -> 03:00).
    const series = expand(
      lesson('2026-03-01T07:30:00Z'),
      { frequency: 'WEEKLY', count: 3 },
      'America/New_York',
    );
    expect(series.map((o) => local(o.start, 'America/New_York'))).toEqual([
      '2026-03-01 02:30',
      '2026-03-08 03:30',
      '2026-03-15 02:30',
    ]);
    expect(series.map((o) => o.end.getTime() - o.start.getTime())).toEqual([hour, hour, hour]);
  });

  it('has fixed UTC times in Asia/Singapore (no DST)', () => {
    const series = expand(
      lesson('2026-03-02T08:00:00Z'),
      { frequency: 'WEEKLY', count: 6 },
      'Asia/Singapore',
    );
    expect(series.map((o) => o.start.getUTCHours())).toEqual([8, 8, 8, 8, 8, 8]);
    expect(series.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('ends on the until date inclusive, read in the tutor zone', () => {
    // Mondays 20:00 in Los Angeles are Tuesdays 03:00Z: until Monday 2026-06-29 means the tutor's Monday.
    const first = lesson('2026-06-02T03:00:00Z');
    expect(local(first.start, 'America/Los_Angeles')).toBe('2026-06-01 20:00');
    const series = expand(first, { frequency: 'WEEKLY', until: '2026-06-29' }, 'America/Los_Angeles');
    expect(series).toHaveLength(5);
    expect(local(series[4]?.start ?? new Date(0), 'America/Los_Angeles')).toBe('2026-06-29 20:00');
    expect(series[4]?.start.toISOString()).toBe('2026-06-30T03:00:00.000Z');
    expect(expand(first, { frequency: 'WEEKLY', until: '2026-06-28' }, 'America/Los_Angeles')).toHaveLength(
      4,
    );
    expect(
      expand(first, { frequency: 'FORTNIGHTLY', until: '2026-06-29' }, 'America/Los_Angeles'),
    ).toHaveLength(3);
  });

  it('refuses limits with clear messages', () => {
    const first = lesson('2026-03-02T08:00:00Z');
    const refused = (recurrence: Recurrence, zone = 'Europe/Paris') => {
      const result = expandRecurrence(first, recurrence, zone);
      return result.ok ? 'booked' : result.message;
    };
    expect(refused({ frequency: 'WEEKLY', count: 53 })).toBe('A series has at most 52 lessons');
    expect(refused({ frequency: 'WEEKLY', count: 1 })).toBe('A series has at least 2 lessons');
    expect(refused({ frequency: 'WEEKLY', until: '2026-03-01' })).toBe(
      'The series ends before its first lesson',
    );
    expect(refused({ frequency: 'WEEKLY', until: '2026-03-05' })).toMatch(/at least 2 lessons/);
    expect(refused({ frequency: 'WEEKLY', until: '2027-03-05' })).toBe(
      'A series ends within a year of its first lesson',
    );
    expect(refused({ frequency: 'WEEKLY', count: 4 }, 'Mars/Olympus')).toBe('Unknown time zone Mars/Olympus');
    expect(expandRecurrence(first, { frequency: 'WEEKLY', count: 52 }, 'Europe/Paris').ok).toBe(true);
    expect(
      expandRecurrence(first, { frequency: 'FORTNIGHTLY', until: '2027-03-01' }, 'Europe/Paris').ok,
    ).toBe(true);
  });

  it('validates the request shape', () => {
    expect(recurrenceSchema.safeParse({ frequency: 'WEEKLY', count: 4 }).success).toBe(true);
    expect(recurrenceSchema.safeParse({ frequency: 'WEEKLY', count: 4, until: '2026-05-01' }).success).toBe(
      false,
    );
    expect(recurrenceSchema.safeParse({ frequency: 'WEEKLY' }).success).toBe(false);
    expect(recurrenceSchema.safeParse({ frequency: 'DAILY', count: 4 }).success).toBe(false);
    const tooMany = recurrenceSchema.safeParse({ frequency: 'WEEKLY', count: 60 });
    expect(tooMany.success ? '' : tooMany.error.issues[0]?.message).toBe('A series has at most 52 lessons');
  });

  it('takes the rest of a series from one occurrence', () => {
    const series = expand(lesson('2026-03-02T08:00:00Z'), { frequency: 'WEEKLY', count: 5 }, 'UTC');
    const third = series[2]?.start ?? new Date(0);
    expect(followingOccurrences([...series].reverse(), third).map((o) => o.index)).toEqual([2, 3, 4]);
  });

  it('shifts later lessons by the same wall-time change across DST', () => {
    const zone = 'Europe/London';
    // Monday 2026-03-23 16:00 (GMT) moved to Tuesday 17:00; the lesson after the change moves alike.
    const oldStart = new Date('2026-03-23T16:00:00Z');
    const newStart = new Date('2026-03-24T17:00:00Z');
    const later = new Date('2026-03-30T15:00:00Z'); // Monday 16:00 BST
    expect(local(shiftInWallTime(later, oldStart, newStart, zone), zone)).toBe('2026-03-31 17:00');
    expect(shiftInWallTime(oldStart, oldStart, newStart, zone).toISOString()).toBe(newStart.toISOString());
  });

  it('lists clashing dates in the tutor zone', () => {
    const message = clashMessage(
      [new Date('2026-03-30T15:00:00Z'), new Date('2026-03-23T16:00:00Z')],
      'Europe/London',
    );
    expect(message).toBe(
      'The series was not booked: 2 dates clash with other lessons (Europe/London): Mon 23 Mar 2026 16:00, Mon 30 Mar 2026 16:00',
    );
  });
});
