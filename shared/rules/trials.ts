import { type TrialOutcome, type TrialStatus, trialOutcomeLabels, trialStatusLabels } from '../schemas/trial';

/**
 * The life of a free trial (spec 000 section 4 names the statuses and outcome labels; the transitions are
 * ours):
 *
 *   SCHEDULED --lesson ends--> COMPLETED --admin--> PENDING (awaiting the parent / payment) --> SUCCEED
 *       |                          ^  \______________admin_______________________________/^
 *       +--lesson cancelled, or admin cancels--> CANCELED (final; the student may book a new free trial)
 *
 * While the trial lesson is booked its status follows the lesson: the lesson-history job completes it, a
 * cancel (by anyone, through the lesson's own cancel flows) cancels it. An admin may cancel a scheduled
 * trial (which cancels its lesson) and, once the lesson has taken place, records the outcome.
 */
export interface TrialState {
  status: TrialStatus;
  outcome: TrialOutcome | null;
}

/** The status each outcome puts the trial in. */
export const statusOfOutcome: Record<TrialOutcome, TrialStatus> = {
  ENROLLED: 'SUCCEED',
  NOT_SUCCESSFUL: 'COMPLETED',
  AWAITING_PARENT: 'PENDING',
  PENDING_PAYMENT: 'PENDING',
};

/** The outcomes that go with each status (`null`: none recorded yet). */
export const outcomesOfStatus: Record<TrialStatus, ReadonlyArray<TrialOutcome | null>> = {
  SCHEDULED: [null],
  CANCELED: [null],
  COMPLETED: [null, 'NOT_SUCCESSFUL'],
  PENDING: ['AWAITING_PARENT', 'PENDING_PAYMENT'],
  SUCCEED: ['ENROLLED'],
};

/** The statuses an admin may set from each status (besides keeping it and changing the outcome). */
export const adminTrialTransitions: Record<TrialStatus, readonly TrialStatus[]> = {
  SCHEDULED: ['CANCELED'],
  COMPLETED: ['PENDING', 'SUCCEED'],
  PENDING: ['COMPLETED', 'SUCCEED'],
  SUCCEED: ['COMPLETED', 'PENDING'],
  CANCELED: [],
};

export type TrialUpdateDecision =
  | { ok: true; next: TrialState; cancelsLesson: boolean }
  /** `transition`: not from the trial's current status (a 409); `outcome`: the outcome does not fit (a 400). */
  | { ok: false; kind: 'transition' | 'outcome'; message: string };

const refuse = (message: string, kind: 'transition' | 'outcome' = 'transition'): TrialUpdateDecision => ({
  ok: false,
  kind,
  message,
});

/**
 * An admin's change of status and/or outcome (PUT /admin/trials/{id}). An outcome alone moves the trial
 * to the status it implies; a status alone keeps the outcome when it still fits, takes the only outcome
 * that fits (SUCCEED: enrolled), or clears it where none is required.
 */
export function decideTrialUpdate(
  current: TrialState,
  change: { status?: TrialStatus | undefined; outcome?: TrialOutcome | null | undefined },
): TrialUpdateDecision {
  const target =
    change.status ?? (change.outcome ? statusOfOutcome[change.outcome] : undefined) ?? current.status;
  if (current.status === 'CANCELED') {
    return refuse('A canceled trial cannot be changed. The student can book a new free trial.');
  }
  if (target !== current.status && !adminTrialTransitions[current.status].includes(target)) {
    if (current.status === 'SCHEDULED') {
      return refuse(
        'The trial lesson has not taken place yet: the trial becomes Completed when its lesson ends.',
      );
    }
    return refuse(
      `A ${trialStatusLabels[current.status].toLowerCase()} trial cannot become ${trialStatusLabels[target].toLowerCase()}.`,
    );
  }
  const allowed = outcomesOfStatus[target];
  let outcome: TrialOutcome | null;
  if (change.outcome !== undefined) {
    outcome = change.outcome;
  } else if (allowed.includes(current.outcome)) {
    outcome = current.outcome;
  } else if (allowed.length === 1) {
    outcome = allowed[0]!;
  } else if (allowed.includes(null)) {
    outcome = null;
  } else {
    return refuse(
      `Choose the outcome of a ${trialStatusLabels[target].toLowerCase()} trial: ${allowed
        .map((o) => `"${trialOutcomeLabels[o!]}"`)
        .join(' or ')}.`,
      'outcome',
    );
  }
  if (!allowed.includes(outcome)) {
    return outcome === null
      ? refuse(`A ${trialStatusLabels[target].toLowerCase()} trial needs an outcome.`, 'outcome')
      : refuse(
          `"${trialOutcomeLabels[outcome]}" does not go with the status ${trialStatusLabels[target]}.`,
          'outcome',
        );
  }
  return {
    ok: true,
    next: { status: target, outcome },
    cancelsLesson: current.status === 'SCHEDULED' && target === 'CANCELED',
  };
}

/** What of a trial lesson the trial follows. Lesson statuses are the section's: ACTIVE, CANCELLED, COMPLETED. */
export interface TrialLessonView {
  status: string;
  start: string;
  end: string;
  tutorId: string;
}

export interface TrialLessonEffect {
  /** The trial's new status (its outcome is cleared with it: none is recorded before the lesson ends). */
  status?: TrialStatus;
  /** The student's one free trial: given back when the lesson is cancelled, taken again if reinstated. */
  freeTrial?: 'release' | 'claim';
  /** The lesson moved (another time or tutor): the trial's dates and tutor follow. */
  moved?: boolean;
}

/**
 * How a change of the trial's lesson (`undefined` after: deleted) changes the trial; `undefined` when it
 * does not. Runs inside the lesson's own transaction, so it happens exactly once per lesson change.
 */
export function trialEffectOfLessonChange(
  before: TrialLessonView | undefined,
  after: TrialLessonView | undefined,
): TrialLessonEffect | undefined {
  if (!before) return undefined;
  const wasLive = before.status === 'ACTIVE';
  if (!after) return wasLive ? { status: 'CANCELED', freeTrial: 'release' } : undefined;
  const isLive = after.status === 'ACTIVE';
  if (wasLive && !isLive) {
    return after.status === 'COMPLETED'
      ? { status: 'COMPLETED' }
      : { status: 'CANCELED', freeTrial: 'release' };
  }
  const moved = before.start !== after.start || before.end !== after.end || before.tutorId !== after.tutorId;
  if (!wasLive && isLive) {
    return {
      status: 'SCHEDULED',
      ...(before.status === 'CANCELLED' ? { freeTrial: 'claim' as const } : {}),
      ...(moved ? { moved } : {}),
    };
  }
  return moved ? { moved } : undefined;
}
