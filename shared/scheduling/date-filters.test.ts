import { describe, expect, it } from 'vitest';
import { adminScheduleRange, dateFilterRange, instantBound } from './date-filters';

describe('date filter bounds', () => {
  it('reads ISO date-times with any offset as UTC instants', () => {
    expect(instantBound('2031-03-10T09:30:00.000Z', 'start')).toBe('2031-03-10T09:30:00.000Z');
    expect(instantBound('2031-03-10T17:30:00+08:00', 'start')).toBe('2031-03-10T09:30:00.000Z');
    expect(instantBound('2031-03-10T09:30', 'end')).toBe('2031-03-10T09:30:00.000Z');
  });

  it('takes a bare date as the first or last millisecond of that UTC day', () => {
    expect(instantBound('2031-03-10', 'start')).toBe('2031-03-10T00:00:00.000Z');
    expect(instantBound('2031-03-10', 'end')).toBe('2031-03-10T23:59:59.999Z');
    // So a lesson at 10:00 on the end day is inside, which comparing the raw text would miss.
    expect('2031-03-10T10:00:00.000Z' <= instantBound('2031-03-10', 'end')!).toBe(true);
    expect('2031-03-10T10:00:00.000Z' <= '2031-03-10').toBe(false);
  });

  it.each(['yesterday', '2031-02-30', '10/03/2031', '', 'T10:00'])('refuses %j', (value) => {
    expect(instantBound(value, 'start')).toBeUndefined();
  });
});

describe('list date ranges', () => {
  it('gives each bound given, both inclusive', () => {
    expect(dateFilterRange(undefined, undefined)).toEqual({ ok: true });
    expect(dateFilterRange('2031-03-10', undefined)).toEqual({ ok: true, from: '2031-03-10T00:00:00.000Z' });
    expect(dateFilterRange('2031-03-10', '2031-03-10')).toEqual({
      ok: true,
      from: '2031-03-10T00:00:00.000Z',
      to: '2031-03-10T23:59:59.999Z',
    });
  });

  it('names the field that is no date, and an end before the start', () => {
    expect(dateFilterRange('soon', undefined)).toEqual({
      ok: false,
      message: 'startDate: Use an ISO date-time or a date as YYYY-MM-DD',
    });
    expect(dateFilterRange(undefined, '2031-13-01')).toMatchObject({ ok: false, message: /^endDate: / });
    expect(dateFilterRange('2031-03-11', '2031-03-10')).toEqual({
      ok: false,
      message: 'endDate: The end must not be before the start',
    });
  });
});

describe('the admin schedule range', () => {
  const now = new Date('2031-03-10T12:00:00.000Z');

  it('defaults to a week ago for 60 days', () => {
    expect(adminScheduleRange({}, now)).toEqual({
      ok: true,
      from: '2031-03-03T12:00:00.000Z',
      to: '2031-05-02T12:00:00.000Z',
    });
  });

  it('takes 60 days from a start alone, and the 60 days before an end alone', () => {
    expect(adminScheduleRange({ startDate: '2031-01-01T00:00:00.000Z' }, now)).toEqual({
      ok: true,
      from: '2031-01-01T00:00:00.000Z',
      to: '2031-03-02T00:00:00.000Z',
    });
    expect(adminScheduleRange({ endDate: '2030-12-31T00:00:00.000Z' }, now)).toEqual({
      ok: true,
      from: '2030-11-01T00:00:00.000Z',
      to: '2030-12-31T00:00:00.000Z',
    });
  });

  it('keeps a range given whole, read as instants whatever their offset', () => {
    expect(
      adminScheduleRange({ startDate: '2031-03-10T08:00:00+08:00', endDate: '2031-03-11T00:00:00Z' }, now),
    ).toEqual({ ok: true, from: '2031-03-10T00:00:00.000Z', to: '2031-03-11T00:00:00.000Z' });
  });

  it('refuses a range the wrong way round, empty, or longer than 400 days', () => {
    const range = (startDate: string, endDate: string) => adminScheduleRange({ startDate, endDate }, now);
    expect(range('2031-03-11T00:00:00Z', '2031-03-10T00:00:00Z')).toEqual({
      ok: false,
      message: 'endDate: The end must be after the start',
    });
    expect(range('2031-03-10T00:00:00Z', '2031-03-10T00:00:00Z')).toMatchObject({ ok: false });
    expect(range('2031-01-01T00:00:00Z', '2032-02-06T00:00:00Z')).toEqual({
      ok: false,
      message: 'endDate: Ask for at most 400 days at a time',
    });
    expect(range('2031-01-01T00:00:00Z', '2032-02-05T00:00:00Z')).toMatchObject({ ok: true });
  });
});
