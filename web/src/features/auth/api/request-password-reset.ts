import { callApi } from '../../../lib/api-client';

/** POST /auth/forgot-password: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return callApi('auth.forgotPassword', { body: { email } });
}
