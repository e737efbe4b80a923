import { DateTime } from 'luxon';

export type CalendarView = 'week' | 'month';

export interface CalendarDay {
  /** `YYYY-MM-DD` in the viewer's zone. */
  date: string;
  /** Day-of-month number. */
  day: number;
  /** Outside the month shown (month view's leading and trailing days). */
  outside: boolean;
  isToday: boolean;
}

/** Weeks start on Sunday (spec 001 section 3: the weekday list runs Sunday to Saturday). */
function startOfWeek(day: DateTime): DateTime {
  return day.minus({ days: day.weekday % 7 }).startOf('day');
}

/** The days a view shows around `anchor` (a `YYYY-MM-DD`), in the viewer's zone. */
export function calendarDays(
  view: CalendarView,
  anchor: string,
  zone: string,
  now = new Date(),
): CalendarDay[] {
  const base = DateTime.fromISO(anchor, { zone }).startOf('day');
  const today = DateTime.fromJSDate(now, { zone }).toISODate();
  const first = view === 'week' ? startOfWeek(base) : startOfWeek(base.startOf('month'));
  const count = view === 'week' ? 7 : 42;
  return Array.from({ length: count }, (_, i) => {
    const day = first.plus({ days: i });
    return {
      date: day.toISODate()!,
      day: day.day,
      outside: view === 'month' && day.month !== base.month,
      isToday: day.toISODate() === today,
    };
  });
}

/** The instants the API is asked for: from the first shown day's midnight to the day after the last. */
export function calendarRange(days: CalendarDay[], zone: string): { startDate: string; endDate: string } {
  const first = DateTime.fromISO(days[0]!.date, { zone }).startOf('day');
  const last = DateTime.fromISO(days.at(-1)!.date, { zone }).plus({ days: 1 }).startOf('day');
  return { startDate: first.toUTC().toISO()!, endDate: last.toUTC().toISO()! };
}

/** Moves the anchor a week or a month back or forth. */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1, zone: string): string {
  const base = DateTime.fromISO(anchor, { zone });
  return (view === 'week' ? base.plus({ weeks: step }) : base.plus({ months: step })).toISODate()!;
}

/** "Nov 22 – 28, 2026" or "November 2026". */
export function calendarTitle(view: CalendarView, days: CalendarDay[], anchor: string, zone: string): string {
  if (view === 'month') return DateTime.fromISO(anchor, { zone }).toFormat('LLLL yyyy');
  const first = DateTime.fromISO(days[0]!.date, { zone });
  const last = DateTime.fromISO(days.at(-1)!.date, { zone });
  return first.month === last.month
    ? `${first.toFormat('LLL d')} – ${last.toFormat('d, yyyy')}`
    : `${first.toFormat('LLL d')} – ${last.toFormat('LLL d, yyyy')}`;
}

/** Lessons by the viewer-zone day they start on, each day in start order. */
export function lessonsByDay<T extends { start: string }>(lessons: T[], zone: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const lesson of [...lessons].sort((a, b) => a.start.localeCompare(b.start))) {
    const day = DateTime.fromISO(lesson.start, { zone }).toISODate()!;
    byDay.set(day, [...(byDay.get(day) ?? []), lesson]);
  }
  return byDay;
}

/** "Thursday 26 November": a day of the phone's month view, named in full above its lessons. */
export function dayHeading(date: string): string {
  return DateTime.fromISO(date).toFormat('cccc d LLLL');
}

/** "No lessons", "1 lesson", "3 lessons": a phone month day's dots, said in words. */
export function lessonCount(count: number): string {
  if (count === 0) return 'No lessons';
  return count === 1 ? '1 lesson' : `${count} lessons`;
}
