import type { SignUpBody } from '../../../../../shared/schemas/user';
import { callApi } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /sign-up; the account is signed in at once (token and user stored). */
export async function signUp(body: Omit<SignUpBody, 'timezone'>) {
  const response = await callApi('auth.signUp', {
    body: { ...body, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
  return startSession(response);
}
