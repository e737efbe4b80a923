import { callApi } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { deviceTimeZone } from '../../../lib/time-zone';

export interface TrialChoice {
  curriculum: string;
  subject: string;
  grade: string;
  startDate: string;
  endDate: string;
  tutorId: string;
}

export interface NewAccount {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** POST /trials: a signed-in student books their free trial; answers the trial and its course id. */
export function bookTrial(choice: TrialChoice, zone = deviceTimeZone()) {
  return callApi('trials.book', {
    body: { ...choice, deviceTimezone: zone },
  });
}

/**
 * POST /trials/sign-up: the booking and a new account in one call; the account is signed in at once. Its zone
 * is the one the times were shown in (the browser's unless the visitor chose another).
 */
export async function signUpWithTrial(choice: TrialChoice, account: NewAccount, zone = deviceTimeZone()) {
  const response = await callApi('trials.signUp', {
    body: { ...choice, ...account, timezone: zone, deviceTimezone: zone },
  });
  startSession(response);
  return response;
}
