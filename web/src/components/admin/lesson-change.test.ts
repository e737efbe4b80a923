import { describe, expect, it } from 'vitest';
import { adminChangeRoute, adminChangeToast, canChangeLesson, dateAndTimeIn } from './lesson-change';

describe('admin lesson changes', () => {
  it('calls the admin cancel or reschedule route of the lesson kind', () => {
    expect(adminChangeRoute('TEAMS', 'CANCEL')).toBe('meetings.teamsAdminCancel');
    expect(adminChangeRoute('TEAMS', 'RESCHEDULE')).toBe('meetings.teamsAdminReschedule');
    expect(adminChangeRoute('ZOOM', 'CANCEL')).toBe('meetings.zoomAdminCancel');
    expect(adminChangeRoute('ZOOM', 'RESCHEDULE')).toBe('meetings.zoomAdminReschedule');
  });

  it('toasts the spec texts of an applied change', () => {
    expect(adminChangeToast('TEAMS', 'CANCEL', 'APPROVED')).toBe('Lesson Cancelled');
    expect(adminChangeToast('ZOOM', 'CANCEL', 'APPROVED')).toBe('Zoom Meeting Cancelled');
    expect(adminChangeToast('TEAMS', 'RESCHEDULE', 'APPROVED')).toBe('Lesson Rescheduled');
    expect(adminChangeToast('ZOOM', 'RESCHEDULE', 'APPROVED')).toBe('Lesson Rescheduled');
    expect(adminChangeToast('TEAMS', 'CANCEL', 'PENDING')).toBe('Cancellation Request Sent');
  });

  it('starts the form from the lesson time in the admin zone', () => {
    expect(dateAndTimeIn('2030-03-01T02:30:00.000Z', 'Asia/Singapore')).toEqual({
      date: '2030-03-01',
      time: '10:30',
    });
    expect(dateAndTimeIn('2030-03-01T02:30:00.000Z', 'America/New_York')).toEqual({
      date: '2030-02-28',
      time: '21:30',
    });
    expect(dateAndTimeIn(undefined, 'UTC')).toEqual({ date: '', time: '' });
  });

  it('offers changes only for scheduled live lessons', () => {
    const start = '2030-03-01T02:30:00.000Z';
    expect(canChangeLesson({ kind: 'TEAMS', status: 'ACTIVE', start })).toBe(true);
    expect(canChangeLesson({ kind: 'ZOOM', status: 'ACTIVE', start })).toBe(true);
    expect(canChangeLesson({ kind: 'TEAMS', status: 'CANCELLED', start })).toBe(false);
    expect(canChangeLesson({ kind: 'TEAMS', status: 'COMPLETED', start })).toBe(false);
    expect(canChangeLesson({ kind: 'RESOURCE', status: 'ACTIVE' })).toBe(false);
  });
});
