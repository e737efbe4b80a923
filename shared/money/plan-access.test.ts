import { describe, expect, it } from 'vitest';
import { MoneyError } from './money';
import { accessPeriods, accessUntil, hasAccessAt, isAccessUnit, termEnd } from './plan-access';

describe('a term of access', () => {
  it('ends whole days, weeks, calendar months or years later (UTC)', () => {
    expect(termEnd('2026-03-10T09:30:00.000Z', 3, 'DAYS')).toBe('2026-03-13T09:30:00.000Z');
    expect(termEnd('2026-03-10T09:30:00.000Z', 2, 'WEEKS')).toBe('2026-03-24T09:30:00.000Z');
    expect(termEnd('2026-03-10T09:30:00.000Z', 1, 'MONTHS')).toBe('2026-04-10T09:30:00.000Z');
    expect(termEnd('2026-11-15T00:00:00.000Z', 3, 'MONTHS')).toBe('2027-02-15T00:00:00.000Z');
    expect(termEnd('2026-03-10T09:30:00.000Z', 1, 'YEARS')).toBe('2027-03-10T09:30:00.000Z');
  });

  it("from a month's last days ends on the shorter month's last day", () => {
    expect(termEnd('2026-01-31T12:00:00.000Z', 1, 'MONTHS')).toBe('2026-02-28T12:00:00.000Z');
    expect(termEnd('2028-01-31T12:00:00.000Z', 1, 'MONTHS')).toBe('2028-02-29T12:00:00.000Z');
    expect(termEnd('2026-03-31T12:00:00.000Z', 1, 'MONTHS')).toBe('2026-04-30T12:00:00.000Z');
    expect(termEnd('2028-02-29T12:00:00.000Z', 1, 'YEARS')).toBe('2029-02-28T12:00:00.000Z');
  });

  it('refuses a term that is not a whole, positive number of units, or no instant', () => {
    expect(() => termEnd('2026-03-10T09:30:00.000Z', 0, 'DAYS')).toThrow(MoneyError);
    expect(() => termEnd('2026-03-10T09:30:00.000Z', 1.5, 'MONTHS')).toThrow(MoneyError);
    expect(() => termEnd('not a date', 1, 'MONTHS')).toThrow(MoneyError);
  });

  it('is what plans sold for a time give, not minutes', () => {
    expect(isAccessUnit('MINUTES')).toBe(false);
    expect((['DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const).every(isAccessUnit)).toBe(true);
  });
});

describe('periods of access from purchases', () => {
  it('start when paid; one bought while another runs extends it from its end', () => {
    const periods = accessPeriods([
      { paidAt: '2026-03-20T00:00:00.000Z', duration: 1, durationUnit: 'MONTHS' },
      { paidAt: '2026-03-01T00:00:00.000Z', duration: 1, durationUnit: 'MONTHS' },
    ]);
    expect(periods).toEqual([{ from: '2026-03-01T00:00:00.000Z', until: '2026-05-01T00:00:00.000Z' }]);
  });

  it('one bought after the last ended starts a new period', () => {
    const periods = accessPeriods([
      { paidAt: '2026-03-01T00:00:00.000Z', duration: 7, durationUnit: 'DAYS' },
      { paidAt: '2026-04-01T00:00:00.000Z', duration: 1, durationUnit: 'WEEKS' },
    ]);
    expect(periods).toEqual([
      { from: '2026-03-01T00:00:00.000Z', until: '2026-03-08T00:00:00.000Z' },
      { from: '2026-04-01T00:00:00.000Z', until: '2026-04-08T00:00:00.000Z' },
    ]);
    expect(hasAccessAt(periods, '2026-03-07T23:59:59.000Z')).toBe(true);
    expect(hasAccessAt(periods, '2026-03-08T00:00:00.000Z')).toBe(false);
    expect(hasAccessAt(periods, '2026-04-01T00:00:00.000Z')).toBe(true);
    expect(hasAccessAt(periods, '2026-02-28T00:00:00.000Z')).toBe(false);
    expect(accessUntil(periods, '2026-04-03T00:00:00.000Z')).toBe('2026-04-08T00:00:00.000Z');
    expect(accessUntil(periods, '2026-03-20T00:00:00.000Z')).toBeUndefined();
  });

  it('none bought, none held', () => {
    expect(accessPeriods([])).toEqual([]);
    expect(hasAccessAt([], '2026-03-01T00:00:00.000Z')).toBe(false);
  });
});
