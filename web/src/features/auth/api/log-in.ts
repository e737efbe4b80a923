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

/** POST /oauth/token with an identity from another sign-in (auth type, auth token and user id). */
export async function logInWithIdentity(idToken: string, userId: string) {
  const response = await callApi<TokenResponse>('auth.token', {
    body: { grant_type: 'password', auth_type: 'platform', auth_token: idToken, user_id: userId },
  });
  return startSession(response);
}
