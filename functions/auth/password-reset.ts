import { randomInt } from 'node:crypto';
import { config } from '../lib/config';
import { escapeHtml, mail } from '../lib/mail';
import { hashPassword } from '../lib/passwords';
import { forgetCachedUser } from '../lib/pipeline';
import { getTenant } from '../repositories/tenants';
import { getUser, getUserByEmail, updatePassword } from '../repositories/users';
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

/** Letters and digits that cannot be mistaken for one another when typed from an e-mail. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password: 14 characters of the alphabet above, with a letter of each case and a digit. */
export function temporaryPassword(): string {
  for (;;) {
    const password = Array.from(
      { length: 14 },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password)) return password;
  }
}

/**
 * A new temporary password an admin asked for (adminUsers.resendPassword wrote the event): set, so the old
 * password stops working and passwordChangedAt ends every session issued before, then mailed. The event
 * pipeline runs it once per event; should the mail fail after the password was set, the retry sets and
 * mails another. A deleted account is sent nothing.
 */
export async function sendTemporaryPassword(tenant: string, userId: string): Promise<void> {
  const user = await getUser(tenant, userId);
  if (!user || user.deletedAt) return;
  const password = temporaryPassword();
  await updatePassword(tenant, userId, await hashPassword(password));
  forgetCachedUser(tenant, userId);
  await mail().send({
    to: user.email,
    subject: 'Your temporary password',
    text: `Hello ${user.firstname},\n\nAn administrator has set a temporary password for your account:\n\n${password}\n\nSign in with this e-mail address and the password above, then choose your own password. Your previous password no longer works.`,
    html: `<p>Hello ${escapeHtml(user.firstname)},</p><p>An administrator has set a temporary password for your account:</p><p><code>${escapeHtml(password)}</code></p><p>Sign in with this e-mail address and the password above, then choose your own password. Your previous password no longer works.</p>`,
  });
}
