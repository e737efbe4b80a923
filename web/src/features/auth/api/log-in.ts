import type { TokenResponse } from '../../../../../shared/schemas/auth';
import { callApi } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /oauth/token (form-encoded password grant); stores the token and user. */
export async function logIn(username: string, password: string) {
  const response = await callApi('auth.token', {
    body: { grant_type: 'password', username, password },
  });
  return startSession(response);
}

/**
 * POST /oauth/token with an identity from another sign-in (auth type, auth token and user id). It answers
 * the account's token and user without starting a session: the page shows whose account it is and starts
 * the session only when the person agrees (startSession), since a link can name anyone's identity.
 */
export async function exchangeIdentity(idToken: string, userId: string): Promise<TokenResponse> {
  return callApi('auth.token', {
    body: { grant_type: 'password', auth_type: 'platform', auth_token: idToken, user_id: userId },
  });
}
