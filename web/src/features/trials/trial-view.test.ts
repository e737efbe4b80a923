import { describe, expect, it } from 'vitest';
import { decideTrialUpdate } from '../../../../shared/rules/trials';
import { trialStatuses } from '../../../../shared/schemas/trial';
import type { AuthUser } from '../../../../shared/schemas/user';
import { postLoginPath } from '../auth/utils/post-login-path';
import {
  acceptsRecordings,
  canEditRecordings,
  emptyRecordingForm,
  initialTrialChange,
  isTrialChangeable,
  NO_OUTCOME,
  outcomeChoices,
  recordingBody,
  statusChoices,
  trialLoginPath,
  trialRecordingPath,
  trialUpdateBody,
  withStatus,
} from './trial-view';

const completed = { status: 'COMPLETED' as const, outcome: null };

describe('the admin’s status and outcome choices', () => {
  it('offers the current status and only the transitions the shared rule allows', () => {
    // Prepare / Act / Assess
    expect(statusChoices('SCHEDULED')).toEqual(['SCHEDULED', 'CANCELED']);
    expect(statusChoices('COMPLETED')).toEqual(['COMPLETED', 'PENDING', 'SUCCEED']);
    expect(statusChoices('CANCELED')).toEqual(['CANCELED']);
    expect(isTrialChangeable({ status: 'CANCELED' })).toBe(false);
    expect(isTrialChangeable({ status: 'SCHEDULED' })).toBe(true);
    // Every offered choice with its default outcome is one the rule accepts (or asks for an outcome).
    for (const status of trialStatuses) {
      if (status === 'CANCELED') continue;
      const trial = {
        status,
        outcome: outcomeChoices(status).includes(NO_OUTCOME) ? null : 'ENROLLED',
      } as const;
      for (const target of statusChoices(status)) {
        const change = withStatus(trial, target);
        if (change.outcome === '') continue;
        const outcome = change.outcome === NO_OUTCOME ? null : change.outcome;
        expect(decideTrialUpdate(trial, { status: target, outcome }).ok).toBe(true);
      }
    }
  });

  it('pairs each status with its outcomes; none recorded reads as its own choice', () => {
    expect(outcomeChoices('COMPLETED')).toEqual([NO_OUTCOME, 'NOT_SUCCESSFUL']);
    expect(outcomeChoices('PENDING')).toEqual(['AWAITING_PARENT', 'PENDING_PAYMENT']);
    expect(outcomeChoices('SUCCEED')).toEqual(['ENROLLED']);
    expect(initialTrialChange(completed)).toEqual({ status: 'COMPLETED', outcome: NO_OUTCOME });
  });

  it('takes the outcome the rule would pick for a new status, or asks for one', () => {
    expect(withStatus(completed, 'SUCCEED')).toEqual({ status: 'SUCCEED', outcome: 'ENROLLED' });
    expect(withStatus(completed, 'PENDING')).toEqual({ status: 'PENDING', outcome: '' });
    expect(withStatus({ status: 'SUCCEED', outcome: 'ENROLLED' }, 'COMPLETED')).toEqual({
      status: 'COMPLETED',
      outcome: NO_OUTCOME,
    });
  });

  it('builds the PUT body, refusing what the server would refuse', () => {
    expect(trialUpdateBody(completed, { status: 'PENDING', outcome: 'AWAITING_PARENT' })).toEqual({
      ok: true,
      body: { status: 'PENDING', outcome: 'AWAITING_PARENT' },
    });
    expect(trialUpdateBody(completed, { status: 'COMPLETED', outcome: 'NOT_SUCCESSFUL' })).toEqual({
      ok: true,
      body: { status: 'COMPLETED', outcome: 'NOT_SUCCESSFUL' },
    });
    expect(trialUpdateBody(completed, { status: 'PENDING', outcome: '' })).toEqual({
      ok: false,
      message: 'Choose an outcome',
    });
    expect(trialUpdateBody(completed, { status: 'COMPLETED', outcome: NO_OUTCOME })).toMatchObject({
      ok: false,
    });
    expect(trialUpdateBody(completed, { status: 'SUCCEED', outcome: 'NOT_SUCCESSFUL' })).toEqual({
      ok: false,
      message: '"Trial lesson was not successful" does not go with the status Succeeded.',
    });
    expect(
      trialUpdateBody({ status: 'SCHEDULED', outcome: null }, { status: 'CANCELED', outcome: NO_OUTCOME }),
    ).toEqual({ ok: true, body: { status: 'CANCELED', outcome: null } });
  });
});

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

describe('links', () => {
  it('a trial’s recording page', () => {
    expect(trialRecordingPath('abc')).toBe('/trial-recording/abc');
  });

  it('"Log in" from the trial dialog comes back to the portal to book, or says a trial was applied', () => {
    const search = new URLSearchParams(trialLoginPath.split('?')[1]);
    expect(trialLoginPath.startsWith('/login?')).toBe(true);
    expect(postLoginPath({ isTrialApplied: false }, search)).toBe('/portal?startTrial=true');
    expect(postLoginPath({ isTrialApplied: true }, search)).toBe('/portal?startTrial=true&trialApplied=true');
  });
});
