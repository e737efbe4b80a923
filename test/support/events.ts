import { randomUUID } from 'node:crypto';
import type { BusEvent } from '../../functions/lib/event-pipeline';
import type { EventClaims } from '../../functions/repositories/event-claims';
import { EVENT_SOURCE, type EventDetail, type OutboxEventType } from '../../shared/events/catalogue';

/** An outbox event as the bus delivers it to a target: the detail in its envelope, under `eventId`. */
export function busEvent<T extends OutboxEventType>(
  type: T,
  detail: EventDetail<T>,
  eventId: string = randomUUID(),
): BusEvent {
  return {
    version: '0',
    // EventBridge's own id differs on each delivery; the envelope's is the event's.
    id: randomUUID(),
    'detail-type': type,
    source: EVENT_SOURCE,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'local-1',
    resources: [],
    detail: { eventId, occurredAt: new Date().toISOString(), data: detail },
  };
}

/** A schedule's tick, as EventBridge delivers it through the rule's target input (its name in the detail). */
export function scheduledEvent(schedule: string): BusEvent {
  return {
    ...busEvent('UserSignedUp', { tenant: 'demo', userId: 'x' }),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    detail: { schedule },
  };
}

/** Event claims in memory, for a consumer's unit test (the pipeline's claims without a table). */
export function memoryEventClaims(): EventClaims {
  const claims = new Map<string, { token: string; done: boolean; until: number; attempts: number }>();
  const key = (tenant: string, consumer: string, eventId: string) => `${tenant}#${consumer}#${eventId}`;
  return {
    async claim(tenant, consumer, eventId, until) {
      const held = claims.get(key(tenant, consumer, eventId));
      if (held && (held.done || held.until >= Date.now())) return undefined;
      const token = randomUUID();
      const attempt = (held?.attempts ?? 0) + 1;
      claims.set(key(tenant, consumer, eventId), { token, done: false, until, attempts: attempt });
      return { token, attempt };
    },
    async complete(tenant, consumer, eventId, token) {
      const held = claims.get(key(tenant, consumer, eventId));
      if (held?.token === token) held.done = true;
    },
    async release(tenant, consumer, eventId, token) {
      const held = claims.get(key(tenant, consumer, eventId));
      // Given back: takeable at once, its attempts kept.
      if (held?.token === token) held.until = 0;
    },
  };
}
