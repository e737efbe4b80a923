import { parentOf } from '../access/linked-accounts';
import { config } from '../lib/config';
import { type ConsumedEvent, eventConsumer } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { mail } from '../lib/mail';
import { getTenant } from '../repositories/tenants';
import { markTrialMailSent, trialMailSent, trialsRepository } from '../repositories/trials';
import { getUser } from '../repositories/users';
import { trialBookedMails } from './messages';

/**
 * E-mails a booking to the student, their parent and the tutor. The event pipeline runs it once per event;
 * within it, each recipient's e-mail is recorded once sent, so a retry after a failure half-way (the tutor's
 * e-mail refused) sends only what is still due.
 */
async function mailTrialBooking({ detail }: ConsumedEvent<'TrialBooked'>): Promise<void> {
  const { tenant, trialId } = detail;
  const trial = await trialsRepository.get(tenant, trialId);
  if (!trial) {
    logger.warn('Trial mail: the trial no longer exists', { tenant, trialId });
    return;
  }
  const [student, tutor, tenantRecord] = await Promise.all([
    getUser(tenant, trial.studentId),
    getUser(tenant, trial.tutorId),
    getTenant(tenant),
  ]);
  if (!student || !tutor) {
    logger.warn('Trial mail: the student or tutor no longer exists', { tenant, trialId });
    return;
  }
  const mails = trialBookedMails({
    trial,
    student,
    tutor,
    parent: await parentOf(tenant, student),
    tenantName: tenantRecord?.name ?? 'Learning Portal',
    webOrigin: config().WEB_ORIGIN,
  });
  let sent = 0;
  for (const { recipientId, mail: message } of mails) {
    if (await trialMailSent(tenant, trialId, recipientId)) continue;
    await mail().send(message);
    await markTrialMailSent(tenant, trialId, recipientId);
    sent++;
  }
  logger.info('Trial booking e-mails sent', { tenant, trialId, sent });
}

/** Bus target of the `trial-booked-mail` rule. */
export const handler = eventConsumer('trial-mail', { TrialBooked: mailTrialBooking });
