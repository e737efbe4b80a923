import { describe, expect, it } from 'vitest';
import { dayBoundary, lessonDateFilters } from './date-filters';

describe('lesson date filters', () => {
  it('turns a filter date into the start or end of that day in the viewer zone', () => {
    expect(dayBoundary('2026-03-29', 'start', 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    // London moves to summer time that night: the day ends at 22:59:59.999 UTC
    expect(dayBoundary('2026-03-29', 'end', 'Europe/London')).toBe('2026-03-29T22:59:59.999Z');
    expect(dayBoundary('2026-01-10', 'start', 'Asia/Kolkata')).toBe('2026-01-09T18:30:00.000Z');
    expect(dayBoundary('', 'start', 'UTC')).toBeUndefined();
  });

  it('sends "Lessons from" and "Lessons to" as the first day\'s start and the last day\'s end', () => {
    const [from, to] = lessonDateFilters('Asia/Singapore');
    expect([from!.key, from!.label, to!.key, to!.label]).toEqual([
      'startDate',
      'Lessons from',
      'endDate',
      'Lessons to',
    ]);
    expect(from!.toQuery!('2026-12-01')).toBe('2026-11-30T16:00:00.000Z');
    expect(to!.toQuery!('2026-12-01')).toBe('2026-12-01T15:59:59.999Z');
  });
});
