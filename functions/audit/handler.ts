import type { EventBridgeEvent } from 'aws-lambda';
import { eventCatalogue } from '../../shared/events/catalogue';
import { logger } from '../lib/logger';
import { recordAudit } from '../repositories/audit-log';

type AuditedEvent = 'UserSignedUp' | 'TrialBooked';

/** Bus target of the `audit-trail` rule: sign-ups and trial bookings land in the tenant's audit trail. */
export async function handler(event: EventBridgeEvent<AuditedEvent, unknown>): Promise<void> {
  const type = event['detail-type'];
  if (type === 'TrialBooked') {
    const detail = eventCatalogue.TrialBooked.parse(event.detail);
    await recordAudit(detail.tenant, {
      action: 'trialBooked',
      actorId: detail.studentId,
      subjectId: detail.trialId,
    });
    logger.info('audit recorded', { type, tenant: detail.tenant });
    return;
  }
  const detail = eventCatalogue.UserSignedUp.parse(event.detail);
  await recordAudit(detail.tenant, { action: 'signUp', actorId: detail.userId, subjectId: detail.userId });
  logger.info('audit recorded', { type, tenant: detail.tenant });
}
