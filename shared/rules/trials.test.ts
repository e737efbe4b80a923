import { describe, expect, it } from 'vitest';
import { trialOutcomeLabels, trialOutcomes, trialStatuses } from '../schemas/trial';
import {
  adminTrialTransitions,
  decideTrialUpdate,
  outcomesOfStatus,
  statusOfOutcome,
  type TrialLessonView,
  trialEffectOfLessonChange,
} from './trials';

describe('trial statuses and outcome labels (spec 000 section 4)', () => {
  it('keeps the contract values and labels', () => {
    expect(trialStatuses).toEqual(['COMPLETED', 'SCHEDULED', 'PENDING', 'CANCELED', 'SUCCEED']);
    expect(Object.values(trialOutcomeLabels)).toEqual([
      'Trial lesson successful - Student enrolled',
      'Trial lesson was not successful',
      'Awaiting confirmation from the parent',
      'Pending payment from the parent',
    ]);
  });

  it('puts every outcome with a status that accepts it', () => {
    for (const outcome of trialOutcomes) {
      expect(outcomesOfStatus[statusOfOutcome[outcome]]).toContain(outcome);
    }
  });
});

describe('admin updates', () => {
  const completed = { status: 'COMPLETED', outcome: null } as const;

  it('cancels a scheduled trial, and says that cancelling also cancels its lesson', () => {
    expect(decideTrialUpdate({ status: 'SCHEDULED', outcome: null }, { status: 'CANCELED' })).toEqual({
      ok: true,
      next: { status: 'CANCELED', outcome: null },
      cancelsLesson: true,
    });
  });

  it('refuses any other change before the lesson has taken place', () => {
    for (const status of ['COMPLETED', 'PENDING', 'SUCCEED'] as const) {
      const decision = decideTrialUpdate({ status: 'SCHEDULED', outcome: null }, { status });
      expect(decision).toEqual({
        ok: false,
        kind: 'transition',
        message:
          'The trial lesson has not taken place yet: the trial becomes Completed when its lesson ends.',
      });
    }
    expect(decideTrialUpdate({ status: 'SCHEDULED', outcome: null }, { outcome: 'ENROLLED' }).ok).toBe(false);
  });

  it('keeps a canceled trial as it is', () => {
    const decision = decideTrialUpdate({ status: 'CANCELED', outcome: null }, { status: 'COMPLETED' });
    expect(decision).toEqual({
      ok: false,
      kind: 'transition',
      message: 'A canceled trial cannot be changed. The student can book a new free trial.',
    });
  });

  it('moves a trial to the status its outcome implies', () => {
    expect(decideTrialUpdate(completed, { outcome: 'ENROLLED' })).toMatchObject({
      ok: true,
      next: { status: 'SUCCEED', outcome: 'ENROLLED' },
      cancelsLesson: false,
    });
    expect(decideTrialUpdate(completed, { outcome: 'PENDING_PAYMENT' })).toMatchObject({
      next: { status: 'PENDING', outcome: 'PENDING_PAYMENT' },
    });
    expect(decideTrialUpdate(completed, { outcome: 'NOT_SUCCESSFUL' })).toMatchObject({
      next: { status: 'COMPLETED', outcome: 'NOT_SUCCESSFUL' },
    });
  });

  it('fills in or clears the outcome when only the status is given', () => {
    expect(decideTrialUpdate(completed, { status: 'SUCCEED' })).toMatchObject({
      next: { status: 'SUCCEED', outcome: 'ENROLLED' },
    });
    expect(
      decideTrialUpdate({ status: 'SUCCEED', outcome: 'ENROLLED' }, { status: 'COMPLETED' }),
    ).toMatchObject({ next: { status: 'COMPLETED', outcome: null } });
    expect(
      decideTrialUpdate({ status: 'COMPLETED', outcome: 'NOT_SUCCESSFUL' }, { status: 'COMPLETED' }),
    ).toMatchObject({ next: { status: 'COMPLETED', outcome: 'NOT_SUCCESSFUL' } });
  });

  it('asks for the outcome of a pending trial', () => {
    expect(decideTrialUpdate(completed, { status: 'PENDING' })).toEqual({
      ok: false,
      kind: 'outcome',
      message:
        'Choose the outcome of a pending trial: "Awaiting confirmation from the parent" or "Pending payment from the parent".',
    });
    expect(decideTrialUpdate({ status: 'PENDING', outcome: 'AWAITING_PARENT' }, { outcome: null })).toEqual({
      ok: false,
      kind: 'outcome',
      message: 'A pending trial needs an outcome.',
    });
  });

  it('refuses an outcome that does not go with the status', () => {
    expect(decideTrialUpdate(completed, { status: 'SUCCEED', outcome: 'NOT_SUCCESSFUL' })).toEqual({
      ok: false,
      kind: 'outcome',
      message: '"Trial lesson was not successful" does not go with the status Succeeded.',
    });
  });

  it('changes the outcome within a status', () => {
    expect(
      decideTrialUpdate({ status: 'PENDING', outcome: 'AWAITING_PARENT' }, { outcome: 'PENDING_PAYMENT' }),
    ).toMatchObject({ ok: true, next: { status: 'PENDING', outcome: 'PENDING_PAYMENT' } });
  });

  it('never lets an admin move a trial back to scheduled', () => {
    for (const from of trialStatuses) {
      expect(adminTrialTransitions[from]).not.toContain('SCHEDULED');
    }
    expect(decideTrialUpdate(completed, { status: 'SCHEDULED' })).toEqual({
      ok: false,
      kind: 'transition',
      message: 'A completed trial cannot become scheduled.',
    });
  });
});

describe('the trial follows its lesson', () => {
  const lesson: TrialLessonView = {
    status: 'ACTIVE',
    start: '2026-03-04T09:00:00.000Z',
    end: '2026-03-04T10:00:00.000Z',
    tutorId: 't1',
  };

  it('does nothing at booking or for an unchanged lesson', () => {
    expect(trialEffectOfLessonChange(undefined, lesson)).toBeUndefined();
    expect(trialEffectOfLessonChange(lesson, { ...lesson })).toBeUndefined();
  });

  it('completes the trial when the lesson ends', () => {
    expect(trialEffectOfLessonChange(lesson, { ...lesson, status: 'COMPLETED' })).toEqual({
      status: 'COMPLETED',
    });
  });

  it('cancels the trial and gives the free trial back when the lesson is cancelled or deleted', () => {
    expect(trialEffectOfLessonChange(lesson, { ...lesson, status: 'CANCELLED' })).toEqual({
      status: 'CANCELED',
      freeTrial: 'release',
    });
    expect(trialEffectOfLessonChange(lesson, undefined)).toEqual({
      status: 'CANCELED',
      freeTrial: 'release',
    });
    // Deleting a lesson that was already cancelled changes nothing more.
    expect(trialEffectOfLessonChange({ ...lesson, status: 'CANCELLED' }, undefined)).toBeUndefined();
  });

  it('follows a moved lesson', () => {
    expect(
      trialEffectOfLessonChange(lesson, {
        ...lesson,
        start: '2026-03-05T09:00:00.000Z',
        end: '2026-03-05T10:00:00.000Z',
      }),
    ).toEqual({ moved: true });
    expect(trialEffectOfLessonChange(lesson, { ...lesson, tutorId: 't2' })).toEqual({ moved: true });
  });

  it('schedules the trial again when a cancelled lesson is reinstated', () => {
    expect(trialEffectOfLessonChange({ ...lesson, status: 'CANCELLED' }, lesson)).toEqual({
      status: 'SCHEDULED',
      freeTrial: 'claim',
    });
  });
});
