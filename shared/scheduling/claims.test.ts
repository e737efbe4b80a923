import { describe, expect, it } from 'vitest';
import {
  BUSY_SHARDS,
  busyAttribute,
  busyEntry,
  busyShard,
  claimedBuckets,
  parseBusyAttribute,
  parseBusyEntry,
  utcDaysBetween,
  utcDaysTouched,
} from './claims';

const at = (iso: string) => new Date(iso);

function overlap(a: string[], b: string[]): boolean {
  return a.some((bucket) => b.includes(bucket));
}

describe('time claims', () => {
  it('holds every 5-minute bucket from the start to the end plus the buffer', () => {
    const buckets = claimedBuckets(
      { start: at('2026-03-10T09:00:00Z'), end: at('2026-03-10T10:00:00Z') },
      15,
    );
    expect(buckets).toHaveLength(15);
    expect(buckets[0]).toBe('2026-03-10T09:00:00.000Z');
    expect(buckets.at(-1)).toBe('2026-03-10T10:10:00.000Z');
  });

  it('makes two lessons clash exactly when they are closer than the buffer', () => {
    const lesson = claimedBuckets({ start: at('2026-03-10T09:00:00Z'), end: at('2026-03-10T10:00:00Z') }, 15);
    const rightAfterBuffer = claimedBuckets(
      { start: at('2026-03-10T10:15:00Z'), end: at('2026-03-10T11:15:00Z') },
      15,
    );
    const insideBuffer = claimedBuckets(
      { start: at('2026-03-10T10:10:00Z'), end: at('2026-03-10T11:10:00Z') },
      15,
    );
    const endingJustInTime = claimedBuckets(
      { start: at('2026-03-10T07:45:00Z'), end: at('2026-03-10T08:45:00Z') },
      15,
    );
    const endingTooLate = claimedBuckets(
      { start: at('2026-03-10T07:50:00Z'), end: at('2026-03-10T08:50:00Z') },
      15,
    );
    expect(overlap(lesson, rightAfterBuffer)).toBe(false);
    expect(overlap(lesson, insideBuffer)).toBe(true);
    expect(overlap(lesson, endingJustInTime)).toBe(false);
    expect(overlap(lesson, endingTooLate)).toBe(true);
  });

  it('rounds short and off-grid lessons outwards and fits a 3-hour lesson in one transaction', () => {
    expect(claimedBuckets({ start: at('2026-03-10T09:02:00Z'), end: at('2026-03-10T09:05:00Z') }, 0)).toEqual(
      ['2026-03-10T09:00:00.000Z'],
    );
    const longest = claimedBuckets(
      { start: at('2026-03-10T09:00:00Z'), end: at('2026-03-10T12:00:00Z') },
      15,
    );
    expect(longest.length).toBeLessThanOrEqual(40);
  });

  it('lists the UTC days a lesson touches, including one across midnight', () => {
    expect(utcDaysTouched({ start: at('2026-03-10T23:30:00Z'), end: at('2026-03-11T00:30:00Z') })).toEqual([
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(utcDaysTouched({ start: at('2026-03-10T23:00:00Z'), end: at('2026-03-11T00:00:00Z') })).toEqual([
      '2026-03-10',
    ]);
    expect(utcDaysBetween(at('2026-03-10T00:00:00Z'), at('2026-03-12T00:00:00Z'))).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
  });

  it('round-trips a busy entry', () => {
    const lesson = { start: at('2026-03-10T09:00:00Z'), end: at('2026-03-10T10:00:00Z') };
    expect(parseBusyEntry('s1', busyEntry(lesson))).toEqual({ ...lesson, sectionId: 's1' });
  });
});

describe('busy-day shards', () => {
  it('keeps a tutor in one shard, and spreads many tutors over all of them', () => {
    expect(busyShard('64f1c0a2b3d4e5f6a7b8c9d0')).toBe(busyShard('64f1c0a2b3d4e5f6a7b8c9d0'));
    const counts = Array(BUSY_SHARDS).fill(0) as number[];
    for (let i = 0; i < 800; i++) counts[busyShard(`tutor-${i}`)]!++;
    for (const count of counts) {
      expect(count).toBeGreaterThan(50);
      expect(count).toBeLessThan(150);
    }
  });

  it('names a lesson by tutor and section, and reads the name back', () => {
    const name = busyAttribute('demo-tutor-1', '0194a1b2c3d4e5f6a7b8c9d0');
    expect(name).toBe('L_demo-tutor-1|0194a1b2c3d4e5f6a7b8c9d0');
    expect(parseBusyAttribute(name)).toEqual({
      tutorId: 'demo-tutor-1',
      sectionId: '0194a1b2c3d4e5f6a7b8c9d0',
    });
    expect(parseBusyAttribute('pk')).toBeUndefined();
    expect(parseBusyAttribute('L_no-separator')).toBeUndefined();
  });
});
