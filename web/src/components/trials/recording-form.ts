import { DateTime } from 'luxon';
import {
  type Trial,
  type TrialRecordingInput,
  trialRecordingInputSchema,
} from '../../../../shared/schemas/trial';
import type { AuthUser } from '../../../../shared/schemas/user';
import { fieldErrors } from '../../lib/form-errors';
import { holdsReader } from '../../lib/permissions';

/** The trial's tutor and whoever edits any trial's recordings add and remove them (the server's rule). */
export function canEditRecordings(user: AuthUser | undefined, trial: Pick<Trial, 'tutorId'>): boolean {
  return !!user && (user._id === trial.tutorId || holdsReader(user, 'anyTrialRecordings'));
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
