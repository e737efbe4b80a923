import { DateTime } from 'luxon';
import { adminTrialTransitions, decideTrialUpdate, outcomesOfStatus } from '../../../../shared/rules/trials';
import {
  type Trial,
  type TrialOutcome,
  type TrialRecordingInput,
  type TrialStatus,
  type TrialUpdate,
  trialOutcomeLabels,
  trialRecordingInputSchema,
  trialStatusLabels,
} from '../../../../shared/schemas/trial';
import type { AuthUser } from '../../../../shared/schemas/user';
import { paths, withQuery } from '../../config/paths';
import { fieldErrors } from '../../lib/form-errors';
import { canEditTrials } from '../../lib/permissions';

export { trialOutcomeLabels, trialStatusLabels };

export const trialStatusPalette: Record<TrialStatus, string> = {
  SCHEDULED: 'blue',
  PENDING: 'orange',
  COMPLETED: 'teal',
  SUCCEED: 'green',
  CANCELED: 'red',
};

/** The recording page of a trial (`paths.trialRecording` filled in). */
export function trialRecordingPath(trialId: string): string {
  return paths.trialRecording.replace(':trialId', encodeURIComponent(trialId));
}

/** The query values of "log in to book a free trial" (spec 000 section 2, "After login"). */
export const START_TRIAL_PARAM = 'startTrial';
export const TRIAL_APPLIED_PARAM = 'trialApplied';

/**
 * The trial dialog's "Log in" link: `startTrial` tells the login rule the visitor came to book a trial (it
 * adds `trialApplied` when their account already has one), and the redirect brings them back to the portal
 * home with `startTrial`, where the dialog opens again for an account that may still book.
 */
export const trialLoginPath = withQuery(paths.login, {
  [START_TRIAL_PARAM]: 'true',
  redirect: withQuery(paths.portal, { [START_TRIAL_PARAM]: 'true' }),
});

// --- The admin's status and outcome (PUT /admin/trials/{id}), offered by the shared rule -------------

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

// --- Recordings ------------------------------------------------------------------------------------

/** The trial's tutor and trial-class editors add and remove its recordings (the server's rule). */
export function canEditRecordings(user: AuthUser | undefined, trial: Pick<Trial, 'tutorId'>): boolean {
  return !!user && (user._id === trial.tutorId || canEditTrials(user));
}

/** A recording is added once the trial lesson has taken place (not while scheduled, nor once canceled). */
export function acceptsRecordings(trial: Pick<Trial, 'status'>): boolean {
  return trial.status !== 'SCHEDULED' && trial.status !== 'CANCELED';
}

export interface RecordingForm {
  url: string;
  title: string;
  /** A `datetime-local` value in the viewer's zone. */
  recordedAt: string;
}

export function emptyRecordingForm(trial: Pick<Trial, 'startDate'>, zone: string): RecordingForm {
  const start = DateTime.fromISO(trial.startDate, { zone });
  return {
    url: '',
    title: 'Trial lesson recording',
    recordedAt: start.isValid ? start.toFormat("yyyy-MM-dd'T'HH:mm") : '',
  };
}

/** The POST body of a recording (the route's own schema), or the message of each failing field. */
export function recordingBody(
  trialId: string,
  form: RecordingForm,
  zone: string,
): { ok: true; body: TrialRecordingInput } | { ok: false; errors: Record<string, string> } {
  const recordedAt = form.recordedAt ? DateTime.fromISO(form.recordedAt, { zone }) : undefined;
  if (!recordedAt?.isValid) return { ok: false, errors: { recordedAt: 'Choose when it was recorded' } };
  const parsed = trialRecordingInputSchema.safeParse({
    trialId,
    url: form.url,
    title: form.title,
    recordedAt: recordedAt.toUTC().toISO(),
  });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
