import { config } from '../lib/config';
import { getUserByEmail } from '../repositories/users';
import { sendPasswordLink } from './password-links';

/**
 * The work behind a forgot-password request, done from the bus after the request has answered (so the
 * answer takes as long whether or not the address has an account): for an account, a single-use reset
 * link for one hour (sendPasswordLink). The event pipeline runs it once per event.
 */
export async function sendPasswordReset(tenant: string, email: string): Promise<void> {
  const user = await getUserByEmail(tenant, email);
  if (user) await sendPasswordLink(tenant, user, { purpose: 'reset', siteOrigin: config().WEB_ORIGIN });
}
