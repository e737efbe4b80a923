import {
  adminTrialTransitions,
  decideTrialUpdate,
  outcomesOfStatus,
} from '../../../../../shared/rules/trials';
import {
  type Trial,
  type TrialOutcome,
  type TrialStatus,
  type TrialUpdate,
  trialOutcomeLabels,
} from '../../../../../shared/schemas/trial';

// An admin's change of a trial's status and outcome (PUT /admin/trials/{id}), offered by the shared rule.

/** The outcome select's value for "no outcome recorded" (the body's `null`); '' is "not chosen yet". */
export const NO_OUTCOME = 'NONE';
export type OutcomeChoice = TrialOutcome | typeof NO_OUTCOME | '';

export interface TrialChange {
  status: TrialStatus;
  outcome: OutcomeChoice;
}

const choiceOf = (outcome: TrialOutcome | null): OutcomeChoice => outcome ?? NO_OUTCOME;

export function outcomeChoiceLabel(choice: TrialOutcome | typeof NO_OUTCOME): string {
  return choice === NO_OUTCOME ? 'No outcome recorded' : trialOutcomeLabels[choice];
}

/** Whether an admin can change anything of this trial (a canceled trial is final). */
export function isTrialChangeable(trial: Pick<Trial, 'status'>): boolean {
  return adminTrialTransitions[trial.status].length > 0 || outcomesOfStatus[trial.status].length > 1;
}

/** The statuses offered: the trial's own, then the ones the rule allows from it. */
export function statusChoices(current: TrialStatus): TrialStatus[] {
  return [current, ...adminTrialTransitions[current]];
}

/** The outcomes that go with a status. */
export function outcomeChoices(status: TrialStatus): Array<TrialOutcome | typeof NO_OUTCOME> {
  return outcomesOfStatus[status].map((outcome) => outcome ?? NO_OUTCOME);
}

export function initialTrialChange(trial: Pick<Trial, 'status' | 'outcome'>): TrialChange {
  return { status: trial.status, outcome: choiceOf(trial.outcome) };
}

/**
 * After choosing a status, the outcome the server would keep or take for it (the rule's own choice), or
 * '' when the admin has to choose one (e.g. Pending: awaiting the parent or pending payment).
 */
export function withStatus(trial: Pick<Trial, 'status' | 'outcome'>, status: TrialStatus): TrialChange {
  const decision = decideTrialUpdate(trial, { status });
  return { status, outcome: decision.ok ? choiceOf(decision.next.outcome) : '' };
}

/** The PUT body of a change, checked by the same rule the server applies; a message when it cannot be sent. */
export function trialUpdateBody(
  trial: Pick<Trial, 'status' | 'outcome'>,
  change: TrialChange,
): { ok: true; body: TrialUpdate } | { ok: false; message: string } {
  if (change.outcome === '') return { ok: false, message: 'Choose an outcome' };
  const outcome = change.outcome === NO_OUTCOME ? null : change.outcome;
  if (change.status === trial.status && outcome === trial.outcome) {
    return { ok: false, message: 'Choose another status or outcome' };
  }
  const decision = decideTrialUpdate(trial, { status: change.status, outcome });
  if (!decision.ok) return { ok: false, message: decision.message };
  return { ok: true, body: { status: change.status, outcome } };
}
