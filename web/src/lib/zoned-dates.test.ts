import { describe, expect, it } from 'vitest';
import { isBookableDate, today, zonedInstant } from './zoned-dates';

describe('dates in a zone', () => {
  it('refuses a date before today', () => {
    expect(isBookableDate('2020-01-01', 'Asia/Singapore')).toBe(false);
    expect(isBookableDate(today('Asia/Singapore'), 'Asia/Singapore')).toBe(true);
    expect(isBookableDate('not a date', 'Asia/Singapore')).toBe(false);
  });

  it('reads a date and time in the zone as a UTC instant', () => {
    expect(zonedInstant('2030-03-05', '09:30', 'Asia/Singapore')).toBe('2030-03-05T01:30:00.000Z');
    expect(zonedInstant('2030-07-01', '10:00', 'Europe/London')).toBe('2030-07-01T09:00:00.000Z');
    expect(zonedInstant('', '10:00', 'UTC')).toBeUndefined();
    expect(zonedInstant('2030-02-30', '10:00', 'UTC')).toBeUndefined();
  });
});
