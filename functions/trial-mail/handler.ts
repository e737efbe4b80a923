import type { EventBridgeEvent } from 'aws-lambda';
import { eventCatalogue } from '../../shared/events/catalogue';
import { mapperParentId } from '../access/linked-accounts';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { mail } from '../lib/mail';
import { getTenant } from '../repositories/tenants';
import { markTrialMailSent, trialMailSent, trialsRepository } from '../repositories/trials';
import { getUserMapper } from '../repositories/user-mappers';
import { getUser, type UserRecord } from '../repositories/users';
import { trialBookedMails } from './messages';

/** The student's parent: the parent of the user-mapper the student is linked to. */
async function parentOf(tenant: string, student: UserRecord): Promise<UserRecord | undefined> {
  if (!student.userMapperId) return undefined;
  const mapper = await getUserMapper(tenant, student.userMapperId);
  const parentId = mapper ? mapperParentId(mapper) : undefined;
  return parentId && parentId !== student._id ? getUser(tenant, parentId) : undefined;
}

/**
 * Bus target of the `trial-booked-mail` rule: e-mails the booking to the student, their parent and the
 * tutor. The bus delivers at least once and retries a failed delivery, so each recipient's e-mail is
 * recorded once sent and skipped on a redelivery.
 */
export async function handler(event: EventBridgeEvent<'TrialBooked', unknown>): Promise<void> {
  const { tenant, trialId } = eventCatalogue.TrialBooked.parse(event.detail);
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
