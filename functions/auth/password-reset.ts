import { createHash, randomBytes } from 'node:crypto';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { escapeHtml, mail } from '../lib/mail';
import { claimEvent, releaseEvent } from '../repositories/event-claims';
import { putPasswordReset } from '../repositories/password-resets';
import { getUserByEmail, type UserRecord } from '../repositories/users';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const CONSUMER = 'password-reset-mail';

/** Reset tokens are stored by hash: a leaked table cannot be used to reset passwords. */
export function hashResetToken(tokenValue: string): string {
  return createHash('sha256').update(tokenValue).digest('hex');
}

/**
 * The work behind a forgot-password request, done from the bus after the request has answered (so the
 * answer takes as long whether or not the address has an account): for an account, a single-use reset
 * token for one hour and the e-mail with its link. Once per event: a redelivered event sends nothing.
 */
export async function sendPasswordReset(tenant: string, email: string, eventId: string): Promise<void> {
  if (!(await claimEvent(tenant, CONSUMER, eventId))) {
    logger.info('Password reset: event already handled', { tenant, eventId });
    return;
  }
  try {
    const user = await getUserByEmail(tenant, email);
    if (!user) return;
    const resetToken = randomBytes(32).toString('base64url');
    await putPasswordReset(tenant, hashResetToken(resetToken), user._id, Date.now() + RESET_TOKEN_TTL_MS);
    await mail().send(resetMail(user, resetToken));
  } catch (error) {
    await releaseEvent(tenant, CONSUMER, eventId);
    throw error;
  }
}

function resetMail(user: UserRecord, resetToken: string) {
  const link = `${config().WEB_ORIGIN}/learning-portal/reset-password?${new URLSearchParams({
    email: user.email,
    token: resetToken,
  })}`;
  return {
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.firstname},\n\nOpen this link to choose a new password (it works once, for one hour):\n${link}\n\nOr enter this code on the reset page: ${resetToken}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    html: `<p>Hello ${escapeHtml(user.firstname)},</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p><p>Or enter this code on the reset page: <code>${resetToken}</code></p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
  };
}
