import { describe, expect, it } from 'vitest';
import { freeSlots, type SlotRequest } from './slots';

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
