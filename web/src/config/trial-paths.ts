import { paths, withQuery } from './paths';

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
