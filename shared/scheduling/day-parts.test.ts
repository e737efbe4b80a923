import { describe, expect, it } from 'vitest';
import { dayPartOf, groupByDayPart } from './day-parts';

describe('free times by part of the day', () => {
  it('puts a time before noon in the morning, noon to five in the afternoon, five on in the evening', () => {
    expect([0, 6, 11, 12, 16, 17, 23].map(dayPartOf)).toEqual([
      'Morning',
      'Morning',
      'Morning',
      'Afternoon',
      'Afternoon',
      'Evening',
      'Evening',
    ]);
  });

  it("groups by the viewer's wall clock, keeping order and leaving out empty parts", () => {
    const slots = [
      { start: '2026-06-10T08:30:00Z', label: 'a' },
      { start: '2026-06-10T11:00:00Z', label: 'b' },
      { start: '2026-06-10T15:59:00Z', label: 'c' },
      { start: '2026-06-10T16:00:00Z', label: 'd' },
    ];
    // London is UTC+1 in June: 09:30, 12:00, 16:59, 17:00.
    expect(groupByDayPart(slots, 'Europe/London')).toEqual([
      { part: 'Morning', slots: [slots[0]] },
      { part: 'Afternoon', slots: [slots[1], slots[2]] },
      { part: 'Evening', slots: [slots[3]] },
    ]);
    // Singapore is UTC+8: 16:30, 19:00, 23:59, 00:00 (the next day, but a morning time).
    expect(groupByDayPart(slots, 'Asia/Singapore')).toEqual([
      { part: 'Morning', slots: [slots[3]] },
      { part: 'Afternoon', slots: [slots[0]] },
      { part: 'Evening', slots: [slots[1], slots[2]] },
    ]);
    expect(groupByDayPart([], 'Europe/London')).toEqual([]);
  });
});
