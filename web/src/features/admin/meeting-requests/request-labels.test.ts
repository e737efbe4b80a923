import { describe, expect, it } from 'vitest';
import { fromLocalInput, minutesBetween, requestedByLabel, toLocalInput } from './request-labels';

describe('lesson request labels', () => {
  it('edits an instant as a datetime-local value in the viewer zone and back', () => {
    const iso = '2026-07-01T14:15:00.000Z';
    expect(toLocalInput(iso, 'America/New_York')).toBe('2026-07-01T10:15');
    expect(fromLocalInput('2026-07-01T10:15', 'America/New_York')).toBe(iso);
    expect(toLocalInput(null, 'UTC')).toBe('');
    expect(fromLocalInput('', 'UTC')).toBeUndefined();
  });

  it('shows the requester with their role, and lengths', () => {
    const sam = { _id: 's', firstname: 'Sam', lastname: 'Student' };
    expect(requestedByLabel({ requestedBy: sam, requestedByRole: 'STUDENT' })).toBe('Sam Student (Student)');
    expect(minutesBetween('2026-07-01T10:00:00Z', '2026-07-01T11:30:00Z')).toBe(90);
    expect(minutesBetween(null, '2026-07-01T11:30:00Z')).toBeUndefined();
  });
});
