import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  busyDaysOfCandidates,
  candidatesByDay,
  datesBetween,
  type FreeDaysRequest,
  freeDayAfter,
  freeDays,
  nextFreeDay,
  type TutorHours,
  withoutStart,
} from './free-days';
import { freeSlots } from './slots';

const NOW = new Date('2026-02-01T00:00:00Z');

const request = (overrides: Partial<FreeDaysRequest> = {}): FreeDaysRequest => ({
  from: '2026-03-01',
  to: '2026-03-31',
  viewerTimeZone: 'Europe/London',
  durationMinutes: 60,
  stepMinutes: 30,
  minimumNoticeMinutes: 0,
  bufferMinutes: 0,
  now: NOW,
  horizonMs: NOW.getTime() + 366 * 86_400_000,
  ...overrides,
});

const london: TutorHours = {
  tutorTimeZone: 'Europe/London',
  weekly: { 3: [{ from: '09:00', to: '12:00' }] },
};

describe('free days of a range', () => {
  it('lists the calendar dates of a range, both ends included', () => {
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(datesBetween('nonsense', '2026-03-01')).toEqual([]);
  });

  it("marks the days the tutor's weekly hours fall on (March 2026: Wednesdays 4, 11, 18 and 25)", () => {
    expect(freeDays(request(), [{ ...london, booked: [] }])).toEqual([
      '2026-03-04',
      '2026-03-11',
      '2026-03-18',
      '2026-03-25',
    ]);
  });

  it('leaves out a day whose hours are all booked, a day off, days past the horizon and days before now', () => {
    const full = { start: new Date('2026-03-11T09:00:00Z'), end: new Date('2026-03-11T12:00:00Z') };
    const dayOff = { date: '2026-03-18', kind: 'dayOff' as const };
    const days = freeDays(
      request({
        now: new Date('2026-03-04T11:30:00Z'),
        horizonMs: Date.parse('2026-03-25T08:59:00Z'),
      }),
      [{ ...london, exceptions: [dayOff], booked: [full] }],
    );
    // The 4th's last start (11:00) is behind now; the 25th's first (09:00) is past the horizon.
    expect(days).toEqual([]);
    const partly = { start: new Date('2026-03-11T09:00:00Z'), end: new Date('2026-03-11T11:00:00Z') };
    expect(freeDays(request(), [{ ...london, booked: [partly] }])).toContain('2026-03-11');
  });

  it('pools tutors: a day is free when any of them has a free slot', () => {
    const thursday: TutorHours = {
      tutorTimeZone: 'Europe/London',
      weekly: { 4: [{ from: '14:00', to: '16:00' }] },
    };
    const days = freeDays(request({ to: '2026-03-08' }), [
      { ...london, booked: [] },
      { ...thursday, booked: [] },
    ]);
    expect(days).toEqual(['2026-03-04', '2026-03-05']);
  });

  it('follows a daylight-saving change inside the month (London springs forward on 29 March 2026)', () => {
    // 01:00-02:00 on Sundays: on the 29th 01:00 does not exist (the clock jumps to 02:00), so no hour fits.
    const night: TutorHours = {
      tutorTimeZone: 'Europe/London',
      weekly: { 0: [{ from: '01:00', to: '02:00' }] },
    };
    expect(freeDays(request(), [{ ...night, booked: [] }])).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
      '2026-03-22',
    ]);
  });

  it("moves the free day when the viewer's day boundary differs from the tutor's, across the tutor's change", () => {
    // New York, Mondays 11:00-12:00. Seen from Singapore: 00:00 on Tuesday while New York is on EST
    // (until 8 March 2026), 23:00 on the Monday itself once it is on EDT.
    const newYork: TutorHours = {
      tutorTimeZone: 'America/New_York',
      weekly: { 1: [{ from: '11:00', to: '12:00' }] },
    };
    const days = freeDays(request({ viewerTimeZone: 'Asia/Singapore' }), [{ ...newYork, booked: [] }]);
    expect(days).toEqual(['2026-03-03', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    // The same tutor seen from New York: Mondays, before and after the change.
    const local = freeDays(request({ viewerTimeZone: 'America/New_York' }), [{ ...newYork, booked: [] }]);
    expect(local).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
  });

  it('agrees day by day with the one-day slot rule, bookings, buffer and notice included', () => {
    const tutor: TutorHours = {
      tutorTimeZone: 'Australia/Sydney',
      weekly: {
        1: [{ from: '09:00', to: '11:00' }],
        3: [{ from: '18:00', to: '20:00' }],
        6: [{ from: '16:00', to: '17:30' }],
      },
      exceptions: [{ date: '2026-03-14', kind: 'extraHours', hours: [{ from: '07:00', to: '08:00' }] }],
    };
    const booked = [
      { start: new Date('2026-03-08T22:00:00Z'), end: new Date('2026-03-09T00:00:00Z') },
      { start: new Date('2026-03-18T07:00:00Z'), end: new Date('2026-03-18T08:30:00Z') },
    ];
    const asked = request({
      viewerTimeZone: 'America/Los_Angeles',
      bufferMinutes: 15,
      minimumNoticeMinutes: 120,
      now: new Date('2026-03-02T20:00:00Z'),
    });
    const days = freeDays(asked, [{ ...tutor, booked }]);
    const oneByOne = datesBetween(asked.from, asked.to).filter(
      (date) =>
        freeSlots({
          ...tutor,
          date,
          viewerTimeZone: asked.viewerTimeZone,
          booked,
          durationMinutes: asked.durationMinutes,
          stepMinutes: asked.stepMinutes,
          minimumNoticeMinutes: asked.minimumNoticeMinutes,
          bufferMinutes: asked.bufferMinutes,
          now: asked.now,
        }).length > 0,
    );
    expect(days.length).toBeGreaterThan(5);
    expect(days).toEqual(oneByOne);
  });

  it('reads the busy days that the first and last candidate of the range can clash on', () => {
    const days = candidatesByDay(request({ to: '2026-03-12' }), london);
    expect(days.map((d) => d.date)).toEqual(['2026-03-04', '2026-03-11']);
    expect(busyDaysOfCandidates(days, 60, 15)).toEqual(datesBetween('2026-03-04', '2026-03-11'));
    expect(busyDaysOfCandidates([], 60, 15)).toEqual([]);
  });

  it('finds the next free day on or after a date, and the one after it', () => {
    const days = ['2026-03-04', '2026-03-11'];
    expect(nextFreeDay(days, '2026-03-04')).toBe('2026-03-04');
    expect(nextFreeDay(days, '2026-03-05')).toBe('2026-03-11');
    expect(freeDayAfter(days, '2026-03-04')).toBe('2026-03-11');
    expect(nextFreeDay(days, '2026-03-12')).toBeUndefined();
    expect(DateTime.fromISO(days[0]!).weekday).toBe(3);
  });
});

describe('withoutStart', () => {
  it("drops a moved lesson's own start, and a day it was the only start of", () => {
    const days = [
      { date: '2026-03-04', candidates: [1, 2, 3] },
      { date: '2026-03-11', candidates: [2] },
    ];
    expect(withoutStart(days, 2)).toEqual([{ date: '2026-03-04', candidates: [1, 3] }]);
    expect(withoutStart(days, 9)).toEqual(days);
  });
});
