import { describe, expect, it } from 'vitest';
import { classTiming, viewerJoinTime } from './class-timing';
import { formatDuration, hourChoices, isAllowedLessonDuration, lessonDurationChoices } from './durations';

describe('lesson durations', () => {
  it('offers 15 to 180 minutes in 15-minute steps in production', () => {
    expect(lessonDurationChoices('production')).toEqual([
      15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180,
    ]);
  });

  it('adds 3 and 5 minutes outside production', () => {
    for (const stage of ['test', 'local', 'alpha'] as const) {
      expect(lessonDurationChoices(stage).slice(0, 3)).toEqual([3, 5, 15]);
    }
    expect(isAllowedLessonDuration(5, 'production')).toBe(false);
    expect(isAllowedLessonDuration(5, 'alpha')).toBe(true);
    expect(isAllowedLessonDuration(20, 'local')).toBe(false);
    expect(isAllowedLessonDuration(195, 'local')).toBe(false);
  });

  it('never offers students the short try-out lengths, whatever the stage', () => {
    for (const stage of ['production', 'test', 'local', 'alpha'] as const) {
      expect(lessonDurationChoices(stage, 'student')).toEqual(lessonDurationChoices('production'));
      expect(isAllowedLessonDuration(5, stage, 'student')).toBe(false);
    }
    expect(isAllowedLessonDuration(60, 'local', 'student')).toBe(true);
  });

  it('offers 1 to 24 hours and labels durations in hours and minutes', () => {
    expect(hourChoices).toHaveLength(24);
    expect(hourChoices[0]).toBe(1);
    expect(hourChoices.at(-1)).toBe(24);
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 hr');
    expect(formatDuration(90)).toBe('1 hr 30 min');
    expect(formatDuration(180)).toBe('3 hr');
  });
});

describe('class timing chip', () => {
  const start = new Date('2026-03-29T09:00:00Z');
  const end = new Date('2026-03-29T10:00:00Z');
  const at = (minutes: number, seconds = 0) => new Date(start.getTime() + minutes * 60_000 + seconds * 1000);

  it('says the class has not started before its start', () => {
    expect(classTiming({ start, end, now: at(-5) })).toEqual({ label: 'Class Not Started', color: 'blue' });
  });

  it('is On Time for joining early or within a minute of the start', () => {
    expect(classTiming({ start, end, joinedAt: at(-3), now: at(10) }).label).toBe('On Time');
    expect(classTiming({ start, end, joinedAt: at(0, 59), now: at(10) }).label).toBe('On Time');
  });

  it('is N Min Late from one minute after the start', () => {
    expect(classTiming({ start, end, joinedAt: at(1), now: at(10) })).toEqual({
      label: '1 Min Late',
      color: 'amber',
      minutesLate: 1,
    });
    expect(classTiming({ start, end, joinedAt: at(12, 30), now: at(20) }).label).toBe('12 Min Late');
  });

  it('is Missed once the lesson has ended without a join', () => {
    expect(classTiming({ start, end, now: at(60) })).toEqual({ label: 'Missed', color: 'red' });
    expect(classTiming({ start, end, joinedAt: null, now: at(30) }).label).toBe('Class Not Started');
  });
});

describe('whose join the chip judges', () => {
  const lesson = {
    tutorId: 'tutor-1',
    tutorJoinTime: '2026-03-10T10:02:00.000Z',
    studentJoinTime: '2026-03-10T09:58:00.000Z',
  };

  it("shows the lesson's tutor their own first join", () => {
    expect(viewerJoinTime(lesson, 'tutor-1')?.toISOString()).toBe('2026-03-10T10:02:00.000Z');
  });

  it('shows a student (or a parent, or anyone else) the earliest student join', () => {
    expect(viewerJoinTime(lesson, 'student-1')?.toISOString()).toBe('2026-03-10T09:58:00.000Z');
    expect(viewerJoinTime(lesson, undefined)?.toISOString()).toBe('2026-03-10T09:58:00.000Z');
  });

  it("shows a student of a group lesson their own join when the read carries it, not a classmate's", () => {
    expect(viewerJoinTime({ ...lesson, ownJoinTime: null }, 'student-2')).toBeNull();
    expect(
      viewerJoinTime({ ...lesson, ownJoinTime: '2026-03-10T10:05:00.000Z' }, 'student-2')?.toISOString(),
    ).toBe('2026-03-10T10:05:00.000Z');
    // The tutor still sees their own join
    expect(viewerJoinTime({ ...lesson, ownJoinTime: null }, 'tutor-1')?.toISOString()).toBe(
      '2026-03-10T10:02:00.000Z',
    );
  });

  it('is null when nobody of that side joined (null or absent)', () => {
    expect(viewerJoinTime({ ...lesson, tutorJoinTime: null }, 'tutor-1')).toBeNull();
    expect(viewerJoinTime({ tutorId: 'tutor-1' }, 'student-1')).toBeNull();
  });
});
