import { type EventDetail, type OutboxEventType, parseEventDetail } from '../../shared/events/catalogue';
import { ConflictError } from '../../shared/http/errors';
import { tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { OUTBOX_ENTITY } from '../table/definition';
import { type TransactItem, writeTransaction } from '../table/transactions';

/**
 * An outbox item outlives its delivery by days: the stream keeps records for 24 hours, and an event the
 * forwarder dead-lettered can still be read from the table (and put on the bus by hand) until TTL removes it.
 */
const OUTBOX_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The write that records an event, for the transaction of the change it reports: the event exists exactly
 * when the change committed, and the table's stream takes it to the bus (cloud: functions/event-forwarder;
 * local: infra/local/stream-reader.ts). The detail is checked against the catalogue here, where a mistake
 * is the writer's; `detail` keeps it as JSON, so the forwarder puts it on the bus as it is.
 */
export function eventWrite<T extends OutboxEventType>(type: T, detail: EventDetail<T>): TransactItem {
  const data = parseEventDetail(type, detail);
  const eventId = newId();
  const now = Date.now();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.outboxEvent(data.tenant, eventId),
        entity: OUTBOX_ENTITY,
        eventId,
        type,
        detail: JSON.stringify(data),
        occurredAt: new Date(now).toISOString(),
        expiresAt: Math.ceil(now / 1000) + OUTBOX_TTL_SECONDS,
      },
    },
  };
}

/** True for an outbox item's write (the local stack wakes its stream reader on one). */
export function isEventWrite(item: TransactItem): boolean {
  return item.Put?.Item?.entity === OUTBOX_ENTITY;
}

/**
 * Records an event that reports no other write: a request for work done from the bus (a password reset's
 * e-mail). A transaction of one, so it is heard like every other commit.
 */
export async function recordEvent<T extends OutboxEventType>(type: T, detail: EventDetail<T>): Promise<void> {
  // The write has no condition: nothing can refuse it.
  await writeTransaction([eventWrite(type, detail)], () => new ConflictError('The event was not recorded'));
}
