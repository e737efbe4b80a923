import { eventConsumer } from '../lib/event-pipeline';
import { recordAudit } from '../repositories/audit-log';

/**
 * Bus target of the `audit-trail` rule: sign-ups and trial bookings land in the tenant's audit trail. Each
 * entry takes its event's id, so even a run the pipeline repeats (a claim that lapsed) writes one entry.
 */
export const handler = eventConsumer('audit', {
  UserSignedUp: ({ eventId, detail }) =>
    recordAudit(
      detail.tenant,
      { action: 'signUp', actorId: detail.userId, subjectId: detail.userId },
      eventId,
    ),
  TrialBooked: ({ eventId, detail }) =>
    recordAudit(
      detail.tenant,
      { action: 'trialBooked', actorId: detail.studentId, subjectId: detail.trialId },
      eventId,
    ),
});
