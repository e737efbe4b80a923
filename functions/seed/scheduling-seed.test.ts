import { describe, expect, it } from 'vitest';
import { historyPlan } from './history-plan';
import { seedAvailability } from './scheduling-seed';

const minutes = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
};

describe("the demo tutors' hours", () => {
  it('are working hours in their own zone: weekdays, some evenings, never the night or Sunday', () => {
    for (const [tutorId, availability] of Object.entries(seedAvailability)) {
      const hours = availability.weeklyHours;
      // Every weekday has hours; nobody works on Sunday.
      for (const weekday of [1, 2, 3, 4, 5])
        expect(
          hours.some((h) => h.weekday === weekday),
          `${tutorId} ${weekday}`,
        ).toBe(true);
      expect(
        hours.some((h) => h.weekday === 0),
        tutorId,
      ).toBe(false);
      // Nothing before 08:00 or after 21:00, and no day longer than 11 hours.
      for (const { from, to } of hours) {
        expect(minutes(from), `${tutorId} ${from}`).toBeGreaterThanOrEqual(8 * 60);
        expect(minutes(to), `${tutorId} ${to}`).toBeLessThanOrEqual(21 * 60);
      }
      for (let weekday = 0; weekday < 7; weekday++) {
        const total = hours
          .filter((h) => h.weekday === weekday)
          .reduce((sum, h) => sum + minutes(h.to) - minutes(h.from), 0);
        expect(total, `${tutorId} ${weekday}`).toBeLessThanOrEqual(11 * 60);
      }
    }
  });

  it("hold the term's weekly lessons of the lived-in demo", () => {
    for (const course of historyPlan('2026-11-30', 60).courses) {
      const hours = seedAvailability[course.tutorId]!.weeklyHours;
      const start = minutes(course.time);
      const end = start + course.lessonDuration;
      const weekday = course.weekday % 7;
      const inside = hours.some(
        (h) => h.weekday === weekday && minutes(h.from) <= start && end <= minutes(h.to),
      );
      expect(inside, `${course.id} ${course.weekday} ${course.time}`).toBe(true);
    }
  });
});
