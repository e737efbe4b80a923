import { describe, expect, it } from 'vitest';
import { joinTimeCell } from './join-time';

const lesson = { start: '2030-01-07T10:00:00.000Z', end: '2030-01-07T11:00:00.000Z' };

describe('a join time in the lesson history list', () => {
  it("shows in the viewer's zone, with the class timing of the join", () => {
    expect(joinTimeCell('2030-01-07T09:55:00.000Z', lesson, 'Asia/Singapore')).toEqual({
      text: '2030 Jan 07, 05:55 PM',
      timing: { label: 'On Time', color: 'green' },
    });
    expect(joinTimeCell('2030-01-07T10:07:30.000Z', lesson, 'America/New_York')).toEqual({
      text: '2030 Jan 07, 05:07 AM',
      timing: { label: '7 Min Late', color: 'amber', minutesLate: 7 },
    });
  });

  it('is a dash when nobody joined', () => {
    expect(joinTimeCell(null, lesson, 'Europe/London')).toEqual({ text: '-', timing: null });
  });
});
