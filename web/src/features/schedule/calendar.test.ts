import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  calendarRange,
  calendarTitle,
  dayHeading,
  lessonCount,
  lessonsByDay,
  shiftAnchor,
} from './calendar';

describe('calendar', () => {
  it('shows a Sunday-to-Saturday week around the anchor', () => {
    const days = calendarDays('week', '2026-11-25', 'Asia/Singapore', new Date('2026-11-25T02:00:00Z'));
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(days.find((d) => d.isToday)?.date).toBe('2026-11-25');
    expect(calendarTitle('week', days, '2026-11-25', 'Asia/Singapore')).toBe('Nov 22 – 28, 2026');
  });

  it('shows six weeks for a month, marking the days outside it', () => {
    const days = calendarDays('month', '2026-11-10', 'UTC');
    expect(days).toHaveLength(42);
    expect(days[0]!.date).toBe('2026-11-01');
    expect(days.filter((d) => !d.outside)).toHaveLength(30);
    expect(calendarTitle('month', days, '2026-11-10', 'UTC')).toBe('November 2026');
  });

  it("asks for the viewer's days as instants, right across a daylight-saving change", () => {
    // London's clocks go back on 2026-10-25: that week has a 25-hour Sunday.
    const days = calendarDays('week', '2026-10-27', 'Europe/London');
    expect(calendarRange(days, 'Europe/London')).toEqual({
      startDate: '2026-10-24T23:00:00.000Z',
      endDate: '2026-11-01T00:00:00.000Z',
    });
  });

  it('moves by a week or a month, and groups lessons by their local day', () => {
    expect(shiftAnchor('week', '2026-11-25', 1, 'UTC')).toBe('2026-12-02');
    expect(shiftAnchor('month', '2026-01-31', 1, 'UTC')).toBe('2026-02-28');
    const grouped = lessonsByDay(
      [
        { start: '2026-11-25T17:00:00Z', id: 'b' },
        { start: '2026-11-25T15:00:00Z', id: 'a' },
      ],
      'Asia/Singapore',
    );
    // 23:00 and 01:00 (next day) in Singapore.
    expect([...grouped.entries()].map(([day, list]) => [day, list.map((l) => l.id)])).toEqual([
      ['2026-11-25', ['a']],
      ['2026-11-26', ['b']],
    ]);
  });

  it("names a phone month's day in full and says its dots in words", () => {
    expect(dayHeading('2026-11-26')).toBe('Thursday 26 November');
    expect([0, 1, 3].map(lessonCount)).toEqual(['No lessons', '1 lesson', '3 lessons']);
  });
});
