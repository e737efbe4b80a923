import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { claimEvent, releaseEvent } from '../repositories/event-claims';
import { getUserByEmail } from '../repositories/users';
import { sendPasswordLink } from './password-links';

const CONSUMER = 'password-reset-mail';

/**
 * The work behind a forgot-password request, done from the bus after the request has answered (so the
 * answer takes as long whether or not the address has an account): for an account, a single-use reset
 * link for one hour (sendPasswordLink). Once per event: a redelivered event sends nothing.
 */
export async function sendPasswordReset(tenant: string, email: string, eventId: string): Promise<void> {
  if (!(await claimEvent(tenant, CONSUMER, eventId))) {
    logger.info('Password reset: event already handled', { tenant, eventId });
    return;
  }
  try {
    const user = await getUserByEmail(tenant, email);
    if (user) await sendPasswordLink(tenant, user, { purpose: 'reset', siteOrigin: config().WEB_ORIGIN });
  } catch (error) {
    await releaseEvent(tenant, CONSUMER, eventId);
    throw error;
  }
}
