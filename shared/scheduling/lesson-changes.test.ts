import { describe, expect, it } from 'vitest';
import { changeReasons, changeToast, decideChange } from './lesson-changes';

const start = new Date('2026-06-10T10:00:00Z');
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);
const decide = (role: 'STUDENT' | 'TUTOR' | 'ADMIN', now: Date, lessonStatus = 'ACTIVE') =>
  decideChange({ role, lessonStart: start, lessonStatus, now, changeNoticeHours: 24 });

describe('lesson change policy', () => {
  it('applies a change asked 24 hours or more ahead at once', () => {
    expect(decide('STUDENT', hoursBefore(24))).toEqual({ outcome: 'apply' });
    expect(decide('TUTOR', hoursBefore(72))).toEqual({ outcome: 'apply' });
  });

  it("turns a change within 24 hours into a request for an admin's approval", () => {
    expect(decide('STUDENT', hoursBefore(23.9)).outcome).toBe('request');
    expect(decide('TUTOR', hoursBefore(1)).outcome).toBe('request');
  });

  it('refuses a change once the lesson has started, except for an admin', () => {
    expect(decide('STUDENT', start)).toMatchObject({ outcome: 'refused' });
    expect(decide('TUTOR', hoursBefore(-0.5))).toMatchObject({
      outcome: 'refused',
      message: 'This lesson has already started and can no longer be changed',
    });
    expect(decide('ADMIN', hoursBefore(-0.5))).toEqual({ outcome: 'apply' });
  });

  it('refuses changing a cancelled or completed lesson', () => {
    expect(decide('ADMIN', hoursBefore(48), 'CANCELLED')).toMatchObject({ outcome: 'refused' });
    expect(decide('STUDENT', hoursBefore(48), 'COMPLETED')).toMatchObject({ outcome: 'refused' });
  });

  it('names the toast by type and status, and lists the seven reasons of the spec', () => {
    expect(changeToast('CANCEL', 'PENDING')).toBe('Cancellation Request Sent');
    expect(changeToast('CANCEL', 'APPROVED')).toBe('Lesson Cancelled');
    expect(changeToast('CANCEL', 'REJECTED')).toBe('Cancellation Request Rejected');
    expect(changeToast('RESCHEDULE', 'PENDING')).toBe('Reschedule Request Sent');
    expect(changeToast('RESCHEDULE', 'APPROVED')).toBe('Lesson Rescheduled');
    expect(changeToast('RESCHEDULE', 'REJECTED')).toBe('Reschedule Request Rejected');
    expect(changeReasons).toHaveLength(7);
  });
});
