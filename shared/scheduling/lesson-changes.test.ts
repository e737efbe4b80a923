import { describe, expect, it } from 'vitest';
import {
  changeReasons,
  changeScopeLabel,
  changeToast,
  decideChange,
  GROUP_CHANGE_REASON,
  isGroupLesson,
  isSameLessonTime,
} from './lesson-changes';

const start = new Date('2026-06-10T10:00:00Z');
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);
const decide = (role: 'STUDENT' | 'TUTOR' | 'ADMIN', now: Date, lessonStatus = 'ACTIVE', group = false) =>
  decideChange({ role, lessonStart: start, lessonStatus, now, changeNoticeHours: 24, group });

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

  it("turns a student's change to a group lesson into a request, however far ahead", () => {
    for (const hours of [0.5, 23.9, 24, 72, 24 * 60]) {
      expect(decide('STUDENT', hoursBefore(hours), 'ACTIVE', true)).toEqual({
        outcome: 'request',
        reason: GROUP_CHANGE_REASON,
      });
    }
  });

  it('keeps the notice window for the tutor and admins of a group lesson, and its refusals for everyone', () => {
    expect(decide('TUTOR', hoursBefore(72), 'ACTIVE', true)).toEqual({ outcome: 'apply' });
    expect(decide('TUTOR', hoursBefore(1), 'ACTIVE', true).outcome).toBe('request');
    expect(decide('ADMIN', hoursBefore(1), 'ACTIVE', true)).toEqual({ outcome: 'apply' });
    expect(decide('STUDENT', hoursBefore(-0.5), 'ACTIVE', true)).toMatchObject({ outcome: 'refused' });
    expect(decide('STUDENT', hoursBefore(48), 'CANCELLED', true)).toMatchObject({ outcome: 'refused' });
  });

  it('calls a lesson of a group course, or one with classmates, a group lesson', () => {
    expect(isGroupLesson({ type: 'Group' }, { studentIds: ['sam'] })).toBe(true);
    expect(isGroupLesson({ type: 'Group' }, { studentIds: [] })).toBe(true);
    expect(isGroupLesson({ type: 'One-to-One' }, { studentIds: ['sam', 'maya'] })).toBe(true);
    expect(isGroupLesson({ type: 'One-to-One' }, { studentIds: ['sam'] })).toBe(false);
  });

  it('names the toast of a lesson (TEAMS) by type and status', () => {
    expect(changeToast('TEAMS', 'CANCEL', 'PENDING')).toBe('Cancellation Request Sent');
    expect(changeToast('TEAMS', 'CANCEL', 'APPROVED')).toBe('Lesson Cancelled');
    expect(changeToast('TEAMS', 'CANCEL', 'REJECTED')).toBe('Cancellation Request Rejected');
    expect(changeToast('TEAMS', 'RESCHEDULE', 'PENDING')).toBe('Reschedule Request Sent');
    expect(changeToast('TEAMS', 'RESCHEDULE', 'APPROVED')).toBe('Lesson Rescheduled');
    expect(changeToast('TEAMS', 'RESCHEDULE', 'REJECTED')).toBe('Reschedule Request Rejected');
  });

  it('names the Zoom toasts of spec 000 section 8, and lists the seven reasons of the spec', () => {
    expect(changeToast('ZOOM', 'CANCEL', 'APPROVED')).toBe('Zoom Meeting Cancelled');
    expect(changeToast('ZOOM', 'CANCEL', 'PENDING')).toBe('Cancellation Request Sent');
    expect(changeToast('ZOOM', 'CANCEL', 'REJECTED')).toBe('Cancellation Request Rejected');
    // The spec has no Zoom reschedule toast: the lesson ones.
    expect(changeToast('ZOOM', 'RESCHEDULE', 'APPROVED')).toBe('Lesson Rescheduled');
    expect(changeToast('ZOOM', 'RESCHEDULE', 'PENDING')).toBe('Reschedule Request Sent');
    expect(changeToast('ZOOM', 'RESCHEDULE', 'REJECTED')).toBe('Reschedule Request Rejected');
    expect(changeReasons).toHaveLength(7);
  });
});

describe('isSameLessonTime', () => {
  const lesson = { start: '2030-03-04T10:00:00.000Z', end: '2030-03-04T11:00:00.000Z', tutorId: 't1' };

  it('is the same time whatever offset the instants are written with', () => {
    expect(
      isSameLessonTime(lesson, {
        start: '2030-03-04T11:00:00+01:00',
        end: '2030-03-04T12:00:00+01:00',
        tutorId: 't1',
      }),
    ).toBe(true);
  });

  it('is a change when the start, the length or the tutor differs', () => {
    expect(isSameLessonTime(lesson, { ...lesson, start: '2030-03-04T10:15:00.000Z' })).toBe(false);
    expect(isSameLessonTime(lesson, { ...lesson, end: '2030-03-04T11:30:00.000Z' })).toBe(false);
    expect(isSameLessonTime(lesson, { ...lesson, tutorId: 't2' })).toBe(false);
  });
});

describe('changeScopeLabel', () => {
  it('names a change of a lesson and the following ones of its series, and nothing for one lesson', () => {
    expect(changeScopeLabel({ scope: 'FOLLOWING' })).toBe('This and following lessons');
    expect(changeScopeLabel({})).toBeUndefined();
  });
});
