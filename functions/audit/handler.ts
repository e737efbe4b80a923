import type { EventBridgeEvent } from 'aws-lambda';
import { type EventDetail, eventCatalogue } from '../../shared/events/catalogue';
import { logger } from '../lib/logger';
import { recordAudit } from '../repositories/audit-log';

type AuditedEvent = 'UserSignedUp';

/** Bus target of the `audit-trail` rule: sign-ups land in the tenant's audit trail. */
export async function handler(
  event: EventBridgeEvent<AuditedEvent, EventDetail<AuditedEvent>>,
): Promise<void> {
  const detail = eventCatalogue.UserSignedUp.parse(event.detail);
  await recordAudit(detail.tenant, { action: 'signUp', actorId: detail.userId, subjectId: detail.userId });
  logger.info('audit recorded', { type: event['detail-type'], tenant: detail.tenant });
}
