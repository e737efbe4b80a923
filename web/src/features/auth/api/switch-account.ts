import { callApi } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /user/switch-account: signs in as one of the accounts linked by the caller's user-mapper. */
export async function switchAccount(userId: string) {
  const response = await callApi('users.switchAccount', { body: { userId } });
  return startSession(response);
}
