import { describe, expect, it } from 'vitest';
import { calendarSequence } from './calendar-feed';

describe('calendarSequence', () => {
  it('is 0 for a lesson never changed, and for lines without their times', () => {
    expect(calendarSequence('2026-12-01T10:00:00.000Z', '2026-12-01T10:00:00.000Z')).toBe(0);
    expect(calendarSequence(undefined, '2026-12-01T10:00:00.000Z')).toBe(0);
    expect(calendarSequence('2026-12-01T10:00:00.000Z', undefined)).toBe(0);
    expect(calendarSequence('nonsense', '2026-12-01T10:00:00.000Z')).toBe(0);
  });

  it('grows with every later change, so calendar apps take the newest copy', () => {
    const created = '2026-12-01T10:00:00.000Z';
    const rescheduled = calendarSequence(created, '2026-12-01T10:00:05.400Z');
    const cancelled = calendarSequence(created, '2026-12-03T08:30:00.000Z');
    expect(rescheduled).toBe(5);
    expect(cancelled).toBeGreaterThan(rescheduled);
  });
});
