import { describe, expect, it } from 'vitest';
import { type AvailabilityWindow, isWindowUsable } from './availability-window';
import {
  bookingSweep,
  boundedMemo,
  busyDaysToRead,
  fitsWindow,
  freeSlots,
  type SlotRequest,
  viewerDayBusyDays,
  windowBounds,
} from './slots';

const base = (overrides: Partial<SlotRequest>): SlotRequest => ({
  date: '2026-06-10',
  viewerTimeZone: 'Europe/London',
  tutorTimeZone: 'Europe/London',
  weekly: {},
  booked: [],
  durationMinutes: 60,
  stepMinutes: 60,
  minimumNoticeMinutes: 0,
  bufferMinutes: 0,
  now: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

const labels = (request: SlotRequest) => freeSlots(request).map((slot) => slot.label);
const isoStarts = (request: SlotRequest) => freeSlots(request).map((slot) => slot.start.toISOString());

describe('free slots', () => {
  it("expands the tutor's weekly hours on the asked day (2026-06-10 is a Wednesday)", () => {
    expect(labels(base({ weekly: { 3: [{ from: '09:00', to: '12:00' }] } }))).toEqual([
      '09:00 AM',
      '10:00 AM',
      '11:00 AM',
    ]);
    expect(labels(base({ weekly: { 4: [{ from: '09:00', to: '12:00' }] } }))).toEqual([]);
  });

  it('steps by the given minutes and keeps whole lessons inside the hours', () => {
    const request = base({ weekly: { 3: [{ from: '09:00', to: '10:30' }] }, stepMinutes: 15 });
    expect(labels(request)).toEqual(['09:00 AM', '09:15 AM', '09:30 AM']);
  });

  it('removes booked lessons with their buffer', () => {
    const request = base({
      weekly: { 3: [{ from: '09:00', to: '14:00' }] },
      booked: [{ start: new Date('2026-06-10T10:00:00Z'), end: new Date('2026-06-10T11:00:00Z') }], // 11:00-12:00 BST
      bufferMinutes: 15,
    });
    expect(labels(request)).toEqual(['09:00 AM', '01:00 PM']);
  });

  it('respects the minimum notice', () => {
    const request = base({
      weekly: { 3: [{ from: '09:00', to: '13:00' }] },
      now: new Date('2026-06-10T08:30:00Z'), // 09:30 BST
      minimumNoticeMinutes: 60,
    });
    expect(labels(request)).toEqual(['11:00 AM', '12:00 PM']);
  });

  it('honours days off and extra hours', () => {
    const weekly = { 3: [{ from: '09:00', to: '11:00' }] };
    expect(labels(base({ weekly, exceptions: [{ date: '2026-06-10', kind: 'dayOff' }] }))).toEqual([]);
    expect(
      labels(
        base({
          weekly,
          exceptions: [{ date: '2026-06-10', kind: 'extraHours', hours: [{ from: '18:00', to: '19:00' }] }],
        }),
      ),
    ).toEqual(['09:00 AM', '10:00 AM', '06:00 PM']);
  });

  it('keeps only slots inside a usable availability window', () => {
    const weekly = { 3: [{ from: '09:00', to: '11:00' }] };
    expect(labels(base({ weekly, windows: [{ status: 'ENABLE', startDate: '2026-06-11' }] }))).toEqual([]);
    expect(labels(base({ weekly, windows: [{ status: 'ENABLE', endDate: '2026-06-10' }] }))).toHaveLength(2);
    expect(labels(base({ weekly, windows: [{ status: 'DISABLE' }] }))).toEqual([]);
  });

  it('falls back to Asia/Singapore for the viewer', () => {
    const request = base({
      viewerTimeZone: undefined,
      tutorTimeZone: 'Asia/Singapore',
      weekly: { 3: [{ from: '09:00', to: '10:00' }] },
    });
    expect(labels(request)).toEqual(['09:00 AM']);
  });
});

describe('free slots across time zones and daylight saving', () => {
  it('shows a London tutor to a Singapore student in Singapore time', () => {
    const request = base({
      viewerTimeZone: 'Asia/Singapore',
      tutorTimeZone: 'Europe/London',
      weekly: { 3: [{ from: '09:00', to: '11:00' }] }, // 16:00-18:00 in Singapore in June
    });
    expect(labels(request)).toEqual(['04:00 PM', '05:00 PM']);
  });

  it("takes a viewer day from two tutor days (New York evening is Singapore's next morning)", () => {
    const request = base({
      viewerTimeZone: 'Asia/Singapore',
      tutorTimeZone: 'America/New_York',
      weekly: { 2: [{ from: '20:00', to: '22:00' }], 3: [{ from: '20:00', to: '22:00' }] },
    });
    // Tuesday 9 June 20:00 EDT = Wednesday 10 June 08:00 SGT; Wednesday's evening falls on the 11th there.
    expect(labels(request)).toEqual(['08:00 AM', '09:00 AM']);
  });

  it('Europe/London spring forward (2026-03-29): the skipped hour has no slots', () => {
    const request = base({ date: '2026-03-29', weekly: { 0: [{ from: '00:00', to: '04:00' }] } });
    expect(isoStarts(request)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
    ]);
    expect(labels(request)).toEqual(['12:00 AM', '02:00 AM', '03:00 AM']);
  });

  it('America/New_York fall back (2026-11-01): the repeated hour gives an extra real hour', () => {
    const request = base({
      date: '2026-11-01',
      viewerTimeZone: 'America/New_York',
      tutorTimeZone: 'America/New_York',
      weekly: { 0: [{ from: '00:00', to: '03:00' }] },
    });
    expect(isoStarts(request)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('Australia/Sydney spring forward (2026-10-04): wall-clock hours keep their local times', () => {
    const request = base({
      date: '2026-10-05',
      viewerTimeZone: 'Australia/Sydney',
      tutorTimeZone: 'Australia/Sydney',
      weekly: { 1: [{ from: '09:00', to: '10:00' }] },
    });
    // Monday after the change: 09:00 AEDT (UTC+11) = 22:00 UTC the day before.
    expect(isoStarts(request)).toEqual(['2026-10-04T22:00:00.000Z']);
    expect(labels(request)).toEqual(['09:00 AM']);
  });

  it('a London tutor seen from New York keeps the tutor clock when only one side changes (2026-03-10)', () => {
    // New York moved to EDT on 8 March, London stays on GMT until 29 March: the gap is 4 hours, not 5.
    const request = base({
      date: '2026-03-10',
      viewerTimeZone: 'America/New_York',
      tutorTimeZone: 'Europe/London',
      weekly: { 2: [{ from: '14:00', to: '15:00' }] },
    });
    expect(labels(request)).toEqual(['10:00 AM']);
  });
});

describe('booking sweep', () => {
  const at = (time: string) => new Date(`2026-06-10T${time}:00Z`).getTime();
  const lesson = (from: string, to: string) => ({ start: new Date(at(from)), end: new Date(at(to)) });
  const HOUR = 3_600_000;
  const BUFFER = 15 * 60_000;
  /** The rule the sweep must answer like: a `some` over every lesson. */
  const someClash = (booked: Array<{ start: Date; end: Date }>, start: number, end: number) =>
    booked.some((l) => start - BUFFER < l.end.getTime() && end + BUFFER > l.start.getTime());

  it('answers like a check against every lesson, for starts in increasing order', () => {
    const booked = [
      lesson('13:00', '14:00'),
      lesson('09:00', '12:00'), // long, listed out of order: still ends after later short lessons
      lesson('10:00', '10:30'),
      lesson('18:00', '18:00'), // zero length: clashes only when strictly inside the padded slot
      { start: new Date(Number.NaN), end: new Date(at('16:00')) }, // invalid: never clashes
    ];
    const clashes = bookingSweep(booked, BUFFER);
    const answers: boolean[] = [];
    const expected: boolean[] = [];
    for (let start = at('06:00'); start < at('22:00'); start += 5 * 60_000) {
      answers.push(clashes(start, start + HOUR));
      expected.push(someClash(booked, start, start + HOUR));
    }
    expect(answers).toEqual(expected);
    expect(answers.filter(Boolean).length).toBeGreaterThan(0);
    expect(answers.filter((clash) => !clash).length).toBeGreaterThan(0);
  });

  it('keeps the buffer on both sides and never clashes without lessons', () => {
    const clashes = bookingSweep([lesson('10:00', '11:00')], BUFFER);
    expect(clashes(at('08:45'), at('09:45'))).toBe(false); // ends exactly a buffer before
    expect(clashes(at('08:50'), at('09:50'))).toBe(true);
    expect(clashes(at('11:10'), at('12:10'))).toBe(true);
    expect(clashes(at('11:15'), at('12:15'))).toBe(false); // starts exactly a buffer after
    expect(bookingSweep([], BUFFER)(at('10:00'), at('11:00'))).toBe(false);
  });
});

describe('window bounds', () => {
  it('answers like isWindowUsable for every kind of window, in the tutor zone', () => {
    const zone = 'Europe/London';
    const dates = [undefined, null, '', '2026-03-29', '2026-03-30', '2026-02-31'];
    const windows: AvailabilityWindow[] = [];
    for (const status of ['ENABLE', 'DISABLE'])
      for (const startDate of dates)
        for (const endDate of dates) windows.push({ status, startDate, endDate });
    const lessons = [
      ['2026-03-28T23:30:00Z', '2026-03-29T00:30:00Z'],
      ['2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z'],
      ['2026-03-29T22:30:00Z', '2026-03-29T23:30:00Z'], // ends after the end of 29 March in London (BST)
      ['2026-03-30T10:00:00Z', '2026-03-30T11:00:00Z'],
    ].map(([start, end]) => ({ start: new Date(start!), end: new Date(end!) }));
    const actual: boolean[] = [];
    const expected: boolean[] = [];
    for (const window of windows) {
      const bounds = windowBounds(window, zone);
      for (const lesson of lessons) {
        actual.push(fitsWindow(bounds, lesson.start.getTime(), lesson.end.getTime()));
        expected.push(isWindowUsable(window, lesson, zone));
      }
    }
    expect(actual).toEqual(expected);
    expect(actual.filter(Boolean).length).toBeGreaterThan(0);
  });
});

describe('bounded memo', () => {
  it('computes a key once, remembers undefined too, and empties itself when full', () => {
    const memo = boundedMemo<number | undefined>(2);
    let calls = 0;
    const compute = (value: number | undefined) => () => {
      calls++;
      return value;
    };
    expect(memo('a', compute(1))).toBe(1);
    expect(memo('a', compute(99))).toBe(1);
    expect(memo('b', compute(undefined))).toBeUndefined();
    expect(memo('b', compute(99))).toBeUndefined();
    expect(calls).toBe(2);
    expect(memo('c', compute(3))).toBe(3); // full: emptied, then 'c' kept
    expect(memo('a', compute(4))).toBe(4);
    expect(calls).toBe(4);
  });
});

describe('busy days to read', () => {
  it('reads, for a viewer’s day, the UTC days of any tutor’s slots that day', () => {
    // Singapore (UTC+8): the day is 16:00 to 16:00 UTC; 15 minutes before, an hour and 15 minutes after.
    expect(viewerDayBusyDays('2026-12-02', 'Asia/Singapore', 60, 15)).toEqual(['2026-12-01', '2026-12-02']);
    // London in winter: the buffer before midnight reaches the day before, the last slot the day after.
    expect(viewerDayBusyDays('2026-12-02', 'Europe/London', 60, 15)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    // New York on the autumn change (a 25-hour day): 04:00 UTC to 05:00 UTC the next day.
    expect(viewerDayBusyDays('2026-11-01', 'America/New_York', 30, 0)).toEqual(['2026-11-01', '2026-11-02']);
    // Kiritimati (UTC+14): 10:00 UTC the day before to 10:00 UTC.
    expect(viewerDayBusyDays('2026-12-02', 'Pacific/Kiritimati', 60, 0)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(viewerDayBusyDays('not-a-date', 'Europe/London', 60, 0)).toEqual([]);
  });

  const ms = (iso: string) => new Date(iso).getTime();
  const lastOfDay = (iso: string) => ms(iso) - 1;

  it('reads the days a clashing lesson can be listed on, and no more', () => {
    // London in winter (GMT): the buffer before midnight and the last slot after it reach the next days.
    expect(busyDaysToRead(ms('2026-12-02T00:00Z'), lastOfDay('2026-12-03T00:00Z'), 60, 15)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    // Singapore (UTC+8): 16:00 UTC to 16:00 UTC, plus 15 minutes before and 75 after.
    expect(busyDaysToRead(ms('2026-12-01T16:00Z'), lastOfDay('2026-12-02T16:00Z'), 60, 15)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    // Without a buffer, a lesson ending at midnight does not clash with a slot at midnight.
    expect(busyDaysToRead(ms('2026-12-02T00:00Z'), ms('2026-12-02T22:00Z'), 60, 0)).toEqual(['2026-12-02']);
    expect(busyDaysToRead(ms('2026-12-02T00:00Z'), ms('2026-12-02T23:00Z'), 60, 0)).toEqual(['2026-12-02']);
    expect(busyDaysToRead(ms('2026-12-02T00:00Z'), ms('2026-12-02T23:01Z'), 60, 0)).toEqual([
      '2026-12-02',
      '2026-12-03',
    ]);
  });

  it('reads nothing when no slot can start', () => {
    expect(busyDaysToRead(ms('2026-12-03T00:00Z'), ms('2026-12-02T23:00Z'), 60, 15)).toEqual([]);
    expect(busyDaysToRead(Number.NaN, ms('2026-12-02T23:00Z'), 60, 15)).toEqual([]);
  });

  it('covers every lesson that clashes with a free-slot candidate (checked against the slot rule)', () => {
    const day = { start: ms('2026-12-02T00:00Z'), end: ms('2026-12-03T00:00Z') };
    const buffer = 15;
    const duration = 60;
    const days = new Set(busyDaysToRead(day.start, day.end - 1, duration, buffer));
    const listedOn = (lesson: { start: Date; end: Date }) => {
      const listed: string[] = [];
      const last = Math.max(lesson.start.getTime(), lesson.end.getTime() - 1);
      for (let t = Math.floor(lesson.start.getTime() / 86_400_000) * 86_400_000; t <= last; t += 86_400_000)
        listed.push(new Date(t).toISOString().slice(0, 10));
      return listed;
    };
    // A tutor in Kolkata open around the clock: a candidate every 5 minutes of the viewer's (UTC) day, but
    // for the last hour of each tutor day (a slot does not run past the end of the hours it starts in).
    const allDay = [{ from: '00:00', to: '24:00' }];
    const request = base({
      date: '2026-12-02',
      viewerTimeZone: 'UTC',
      tutorTimeZone: 'Asia/Kolkata',
      weekly: { 0: allDay, 1: allDay, 2: allDay, 3: allDay, 4: allDay, 5: allDay, 6: allDay },
      stepMinutes: 5,
      durationMinutes: duration,
      bufferMinutes: buffer,
    });
    const free = freeSlots(request).length;
    expect(free).toBe(24 * 12 - 11);
    const edgeDaysNeeded = new Set<string>();
    for (let start = day.start - 6 * 3_600_000; start < day.end + 6 * 3_600_000; start += 10 * 60_000) {
      for (const minutes of [0, 5, 60, 600]) {
        const lesson = { start: new Date(start), end: new Date(start + minutes * 60_000) };
        if (freeSlots({ ...request, booked: [lesson] }).length === free) continue;
        const listed = listedOn(lesson);
        expect(listed.some((d) => days.has(d))).toBe(true);
        if (!listed.includes('2026-12-02')) edgeDaysNeeded.add(listed.join());
      }
    }
    // The day before and the day after are read for a reason: lessons listed only there do clash.
    expect([...edgeDaysNeeded].sort()).toEqual(['2026-12-01', '2026-12-03']);
  });
});
