import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../../shared/schemas/user';
import { acceptsRecordings, canEditRecordings, emptyRecordingForm, recordingBody } from './recording-form';

describe('recordings', () => {
  const user = (id: string, trialClass: string[] = []) =>
    ({ _id: id, role: { permissions: { trialClass } } }) as unknown as AuthUser;

  it('are edited by the trial’s tutor and trial-class editors, once the lesson has taken place', () => {
    const trial = { tutorId: 'tutor-1' };
    expect(canEditRecordings(user('tutor-1'), trial)).toBe(true);
    expect(canEditRecordings(user('admin', ['view', 'edit']), trial)).toBe(true);
    expect(canEditRecordings(user('viewer', ['view']), trial)).toBe(false);
    expect(canEditRecordings(undefined, trial)).toBe(false);
    expect(acceptsRecordings({ status: 'SCHEDULED' })).toBe(false);
    expect(acceptsRecordings({ status: 'CANCELED' })).toBe(false);
    expect(acceptsRecordings({ status: 'COMPLETED' })).toBe(true);
  });

  it('start at the lesson time in the viewer’s zone and send an instant', () => {
    const form = emptyRecordingForm({ startDate: '2030-01-02T08:00:00.000Z' }, 'Asia/Singapore');
    expect(form.recordedAt).toBe('2030-01-02T16:00');
    const checked = recordingBody('trial-1', { ...form, url: ' drive.example.com/x ' }, 'Asia/Singapore');
    expect(checked).toEqual({
      ok: true,
      body: {
        trialId: 'trial-1',
        url: 'drive.example.com/x',
        title: 'Trial lesson recording',
        recordedAt: '2030-01-02T08:00:00.000Z',
      },
    });
  });

  it('name each failing field', () => {
    const errors = (form: Parameters<typeof recordingBody>[1]) => {
      const checked = recordingBody('trial-1', form, 'UTC');
      return checked.ok ? {} : checked.errors;
    };
    expect(errors({ url: 'not a link', title: 'x', recordedAt: '2030-01-02T10:00' })).toEqual({
      url: 'Please enter a valid link',
    });
    expect(errors({ url: 'https://a.example.com', title: ' ', recordedAt: '2030-01-02T10:00' })).toEqual({
      title: 'Title is required',
    });
    expect(errors({ url: 'https://a.example.com', title: 'x', recordedAt: '' })).toEqual({
      recordedAt: 'Choose when it was recorded',
    });
  });
});
