import type { TokenResponse } from '../../../../../shared/schemas/auth';
import { callApi } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /oauth/token (form-encoded password grant); stores the token and user. */
export async function logIn(username: string, password: string) {
  const response = await callApi<TokenResponse>('auth.token', {
    body: { grant_type: 'password', username, password },
  });
  return startSession(response);
}
