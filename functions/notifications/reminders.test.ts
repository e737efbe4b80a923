import { describe, expect, it } from 'vitest';
import { windowInWords } from './messages';
import { reminderSlices } from './reminders';

const T = Date.parse('2026-03-04T09:00:00.000Z');
const MIN = 60_000;

describe('the slices of the start index a reminder run reads', () => {
  it('for each window, the starts whose due time fell since the last run', () => {
    expect(reminderSlices([1440, 15], T - 5 * MIN, T)).toEqual([
      { windowMinutes: 1440, start: '2026-03-05T08:55:00.000Z', end: '2026-03-05T09:00:00.000Z' },
      { windowMinutes: 15, start: '2026-03-04T09:10:00.000Z', end: '2026-03-04T09:15:00.000Z' },
    ]);
  });

  it('a late run covers everything since the last, an overlapping one the same slice', () => {
    expect(reminderSlices([15], T - 12 * MIN, T)).toEqual([
      { windowMinutes: 15, start: '2026-03-04T09:03:00.000Z', end: '2026-03-04T09:15:00.000Z' },
    ]);
  });

  it('after a long stop, never lessons that have already begun', () => {
    expect(reminderSlices([15], T - 3 * 60 * MIN, T)).toEqual([
      { windowMinutes: 15, start: '2026-03-04T09:00:00.000Z', end: '2026-03-04T09:15:00.000Z' },
    ]);
  });

  it('nothing when no time passed, and a window given twice once', () => {
    expect(reminderSlices([15], T, T)).toEqual([]);
    expect(reminderSlices([15, 15], T - 5 * MIN, T)).toHaveLength(1);
  });
});

describe('a window in words', () => {
  it('hours and minutes', () => {
    expect(windowInWords(1440)).toBe('24 hours');
    expect(windowInWords(15)).toBe('15 minutes');
    expect(windowInWords(61)).toBe('1 hour 1 minute');
  });
});
