import { callApi } from '../../../lib/api-client';

/** POST /auth/reset-password with the single-use token from the e-mail. */
export function resetPassword(body: { email: string; token: string; password: string }) {
  return callApi('auth.resetPassword', { body });
}
