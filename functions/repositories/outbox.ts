import * as z from 'zod';
import { type EventDetail, type OutboxEventType, parseEventDetail } from '../../shared/events/catalogue';
import { ConflictError } from '../../shared/http/errors';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { OUTBOX_ENTITY } from '../table/definition';
import { defineEntity } from '../table/entity';
import { type TransactItem, writeTransaction } from '../table/transactions';

/**
 * An outbox item outlives its delivery by days: the stream keeps records for 24 hours, and an event the
 * forwarder dead-lettered can still be read from the table (and put on the bus by hand) until TTL removes it.
 */
const OUTBOX_TTL_SECONDS = 7 * 24 * 3600;

/**
 * An event to deliver, written once and never changed. `detail` keeps the catalogued detail as JSON, so
 * the forwarder (functions/lib/events.ts, from the stream's new image) puts it on the bus as it is.
 */
const outboxEvents = defineEntity({
  name: OUTBOX_ENTITY,
  schema: z.object({ eventId: z.string(), type: z.string(), detail: z.string(), occurredAt: z.string() }),
  keyAttributes: ['eventId'],
  key: (tenant, event) => keys.outboxEvent(tenant, event.eventId),
  expiresAt: (event) => Math.ceil(Date.parse(event.occurredAt) / 1000) + OUTBOX_TTL_SECONDS,
});

/**
 * The write that records an event, for the transaction of the change it reports: the event exists exactly
 * when the change committed, and the table's stream takes it to the bus (cloud: functions/event-forwarder;
 * local: infra/local/stream-reader.ts). The detail is checked against the catalogue here, where a mistake
 * is the writer's.
 */
export function eventWrite<T extends OutboxEventType>(type: T, detail: EventDetail<T>): TransactItem {
  const data = parseEventDetail(type, detail);
  return outboxEvents.putWrite(data.tenant, {
    eventId: newId(),
    type,
    detail: JSON.stringify(data),
    occurredAt: new Date().toISOString(),
  });
}

/** True for an outbox item's write (the local stack wakes its stream reader on one). */
export function isEventWrite(item: TransactItem): boolean {
  return item.Put?.Item?.entity === outboxEvents.name;
}

/**
 * Records an event that reports no other write: a request for work done from the bus (a password reset's
 * e-mail). A transaction of one, so it is heard like every other commit.
 */
export async function recordEvent<T extends OutboxEventType>(type: T, detail: EventDetail<T>): Promise<void> {
  // The write has no condition: nothing can refuse it.
  await writeTransaction([eventWrite(type, detail)], () => new ConflictError('The event was not recorded'));
}
