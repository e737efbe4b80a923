import { describe, expect, it } from 'vitest';
import {
  dayBoundary,
  fromLocalInput,
  minutesBetween,
  peopleNames,
  requestedByLabel,
  toLocalInput,
} from './request-labels';

describe('lesson request labels', () => {
  it('turns a filter date into the start or end of that day in the viewer zone', () => {
    expect(dayBoundary('2026-03-29', 'start', 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    // London moves to summer time that night: the day ends at 22:59:59.999 UTC
    expect(dayBoundary('2026-03-29', 'end', 'Europe/London')).toBe('2026-03-29T22:59:59.999Z');
    expect(dayBoundary('2026-01-10', 'start', 'Asia/Kolkata')).toBe('2026-01-09T18:30:00.000Z');
    expect(dayBoundary('', 'start', 'UTC')).toBeUndefined();
  });

  it('edits an instant as a datetime-local value in the viewer zone and back', () => {
    const iso = '2026-07-01T14:15:00.000Z';
    expect(toLocalInput(iso, 'America/New_York')).toBe('2026-07-01T10:15');
    expect(fromLocalInput('2026-07-01T10:15', 'America/New_York')).toBe(iso);
    expect(toLocalInput(null, 'UTC')).toBe('');
    expect(fromLocalInput('', 'UTC')).toBeUndefined();
  });

  it('shows people, the requester with their role, and lengths; a dash when missing', () => {
    const sam = { _id: 's', firstname: 'Sam', lastname: 'Student' };
    expect(peopleNames([sam, { ...sam, firstname: 'Maya' }])).toBe('Sam Student, Maya Student');
    expect(peopleNames([])).toBe('-');
    expect(requestedByLabel({ requestedBy: sam, requestedByRole: 'STUDENT' })).toBe('Sam Student (Student)');
    expect(minutesBetween('2026-07-01T10:00:00Z', '2026-07-01T11:30:00Z')).toBe(90);
    expect(minutesBetween(null, '2026-07-01T11:30:00Z')).toBeUndefined();
  });
});
