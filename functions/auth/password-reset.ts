import { config } from '../lib/config';
import { getTenant } from '../repositories/tenants';
import { getUser, getUserByEmail } from '../repositories/users';
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

/**
 * The set-password e-mail of an account an admin created (adminUsers.create writes the UserInvited event
 * with the account): a single-use link for a week. An account deleted since is mailed nothing.
 */
export async function sendInvitation(tenant: string, userId: string): Promise<void> {
  const [user, school] = await Promise.all([getUser(tenant, userId), getTenant(tenant)]);
  if (!user || user.deletedAt) return;
  await sendPasswordLink(tenant, user, {
    purpose: 'invitation',
    siteOrigin: config().WEB_ORIGIN,
    ...(school ? { schoolName: school.name } : {}),
    accountType: user.type,
  });
}
