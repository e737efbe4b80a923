import { describe, expect, it } from 'vitest';
import { isWindowUsable } from './availability-window';

const zone = 'Europe/London';
const lesson = (startIso: string, minutes = 60) => {
  const start = new Date(startIso);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
};

describe('availability window rule (spec 001 section 5)', () => {
  it('is usable only when its status is ENABLE', () => {
    expect(isWindowUsable({ status: 'DISABLE' }, lesson('2026-06-01T10:00:00Z'), zone)).toBe(false);
    expect(isWindowUsable({ status: 'ENABLE' }, lesson('2026-06-01T10:00:00Z'), zone)).toBe(true);
  });

  it('with no dates is always usable', () => {
    expect(
      isWindowUsable(
        { status: 'ENABLE', startDate: null, endDate: null },
        lesson('1999-01-01T00:00:00Z'),
        zone,
      ),
    ).toBe(true);
  });

  it('with only a start date needs the lesson to start on or after the start of that day', () => {
    const window = { status: 'ENABLE', startDate: '2026-06-10' };
    // London is UTC+1 in June: the day starts at 23:00 UTC the evening before.
    expect(isWindowUsable(window, lesson('2026-06-09T23:00:00Z'), zone)).toBe(true);
    expect(isWindowUsable(window, lesson('2026-06-09T22:59:00Z'), zone)).toBe(false);
  });

  it('with only an end date needs the lesson to start and end on or before the end of that day', () => {
    const window = { status: 'ENABLE', endDate: '2026-06-10' };
    expect(isWindowUsable(window, lesson('2026-06-10T21:00:00Z', 59), zone)).toBe(true); // ends 22:59 UTC = 23:59 BST
    expect(isWindowUsable(window, lesson('2026-06-10T22:30:00Z', 60), zone)).toBe(false); // ends after midnight
    expect(isWindowUsable(window, lesson('2026-06-11T08:00:00Z'), zone)).toBe(false);
  });

  it('with both needs the start inside the range and the end no later than the end of the last day', () => {
    const window = { status: 'ENABLE', startDate: '2026-06-10', endDate: '2026-06-12' };
    expect(isWindowUsable(window, lesson('2026-06-10T08:00:00Z'), zone)).toBe(true);
    expect(isWindowUsable(window, lesson('2026-06-12T21:00:00Z', 59), zone)).toBe(true);
    expect(isWindowUsable(window, lesson('2026-06-12T22:30:00Z'), zone)).toBe(false);
    expect(isWindowUsable(window, lesson('2026-06-09T12:00:00Z'), zone)).toBe(false);
    expect(isWindowUsable(window, lesson('2026-06-13T12:00:00Z'), zone)).toBe(false);
  });

  it("reads the dates as the tutor's days, across a daylight-saving change", () => {
    // Sydney leaves daylight saving on 2026-04-05 (UTC+11 -> UTC+10): that day starts at 13:00 UTC on the 4th.
    const window = { status: 'ENABLE', startDate: '2026-04-05', endDate: '2026-04-05' };
    expect(isWindowUsable(window, lesson('2026-04-04T13:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(isWindowUsable(window, lesson('2026-04-04T12:59:00Z'), 'Australia/Sydney')).toBe(false);
    // The day has 25 hours: it ends at 13:59:59 UTC on the 5th (midnight at UTC+10).
    expect(isWindowUsable(window, lesson('2026-04-05T13:00:00Z', 59), 'Australia/Sydney')).toBe(true);
    expect(isWindowUsable(window, lesson('2026-04-05T13:30:00Z', 60), 'Australia/Sydney')).toBe(false);
  });
});
