import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayLabel, lastOfMonth, monthTitle, monthWeeks } from './calendar-dates';

describe('calendar dates', () => {
  it('lays a month out in Sunday-to-Saturday weeks with blanks around it', () => {
    // November 2026 starts on a Sunday and has 30 days: five weeks, the last one Sunday to Monday.
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual(Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 1}`));
    expect(weeks[4]).toEqual(['2026-11-29', '2026-11-30', '', '', '', '', '']);
    // March 2026 starts on a Sunday too; February 2026 on a Sunday and has exactly four weeks.
    expect(monthWeeks('2026-02')).toHaveLength(4);
    expect(monthWeeks('2026-08')[0]!.slice(0, 6)).toEqual(['', '', '', '', '', '']);
  });

  it('moves by days and months, clamping to the shorter month, and names days in full', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(lastOfMonth('2028-02')).toBe('2028-02-29');
    expect(monthTitle('2026-11')).toBe('November 2026');
    expect(dayLabel('2026-11-25')).toBe('Wednesday, 25 November 2026');
  });
});
