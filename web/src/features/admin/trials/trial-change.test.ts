import { describe, expect, it } from 'vitest';
import { decideTrialUpdate } from '../../../../../shared/rules/trials';
import { trialStatuses } from '../../../../../shared/schemas/trial';
import {
  initialTrialChange,
  isTrialChangeable,
  NO_OUTCOME,
  outcomeChoices,
  statusChoices,
  trialUpdateBody,
  withStatus,
} from './trial-change';

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
