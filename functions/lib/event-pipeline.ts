import type { Context, EventBridgeEvent } from 'aws-lambda';
import {
  type EventDetail,
  eventEnvelope,
  type OutboxEventType,
  parseEventDetail,
  scheduleTickDetail,
} from '../../shared/events/catalogue';
import { type EventClaims, tableEventClaims } from '../repositories/event-claims';
import { logger } from './logger';
import { recordConsumed } from './metrics';

/** An outbox event as its consumer gets it: the detail checked against the catalogue, and the event's id. */
export interface ConsumedEvent<T extends OutboxEventType> {
  type: T;
  eventId: string;
  occurredAt: string;
  detail: EventDetail<T>;
}

/** What a bus target receives: an outbox event (its detail an eventEnvelope), or a schedule's tick. */
export type BusEvent = EventBridgeEvent<string, unknown>;

/** What one delivery to a consumer came to, as its metrics count it. */
type ConsumerDelivery = Parameters<typeof recordConsumed>[0];

type EventHandlers<T extends OutboxEventType> = { [K in T]: (event: ConsumedEvent<K>) => Promise<void> };

const SCHEDULED_EVENT = 'Scheduled Event';

/** Called without a Lambda context (a test), a claim lapses after the functions' 29 s timeout. */
const DEFAULT_CLAIM_MS = 29_000;

/**
 * The one event pipeline: every bus target is this over its own handlers, one per event type it consumes.
 * Logs carry the consumer, the event type and id, and the tenant; the detail is parsed with the catalogue's
 * schema; each event is acted on once per consumer (a claim on its id before the handler, given back if the
 * handler fails); and a failure is thrown on, so the bus retries the delivery and, after its retries, puts it
 * in the dead-letter queue (infra/cloud/events.ts; locally the bus's dead-letter list).
 *
 * A schedule's tick runs the job of its rule (`schedules`, by the rule's name in the catalogue, which the
 * tick's detail carries: one function may run two schedules). It is logged and its failures go the same
 * way; the scheduled jobs are idempotent themselves (watermarks, reconciles, claims), so a tick takes no
 * claim.
 */
export function eventConsumer<const T extends OutboxEventType>(
  consumer: string,
  handlers: EventHandlers<T>,
  options: { schedules?: { [rule: string]: () => Promise<void> }; claims?: EventClaims } = {},
) {
  const claims = options.claims ?? tableEventClaims;
  const consumes = (type: string): type is T => Object.hasOwn(handlers, type);

  /** One outbox event, claimed by this consumer for as long as the invocation may run. */
  async function consume<K extends T>(
    type: K,
    event: BusEvent,
    context: Context | undefined,
    delivery: ConsumerDelivery,
  ): Promise<void> {
    const { eventId, occurredAt, data } = eventEnvelope.parse(event.detail);
    delivery.occurredAt = occurredAt;
    logger.appendKeys({ eventId });
    const detail = parseEventDetail(type, data);
    logger.appendKeys({ tenant: detail.tenant });
    const until = Date.now() + (context?.getRemainingTimeInMillis() ?? DEFAULT_CLAIM_MS);
    const claim = await claims.claim(detail.tenant, consumer, eventId, until);
    if (!claim) {
      logger.info('Event already handled (or being handled) by this consumer');
      delivery.outcome = 'duplicate';
      return;
    }
    const { token, attempt } = claim;
    delivery.attempt = attempt;
    const handle: (event: ConsumedEvent<K>) => Promise<void> = handlers[type];
    try {
      await handle({ type, eventId, occurredAt, detail });
    } catch (error) {
      await claims.release(detail.tenant, consumer, eventId, token).catch((releaseError: unknown) =>
        // It lapses at `until` instead: the retry then takes it.
        logger.error('Event claim not given back', { error: releaseError as Error }),
      );
      throw error;
    }
    await claims.complete(detail.tenant, consumer, eventId, token);
    logger.info('Event handled', { attempt });
  }

  return async (event: BusEvent, context?: Context): Promise<void> => {
    const type = event['detail-type'];
    logger.appendKeys({ consumer, eventType: type, busEventId: event.id });
    const delivery: ConsumerDelivery = { consumer, outcome: 'processed' };
    try {
      if (type === SCHEDULED_EVENT) {
        const { schedule } = scheduleTickDetail.parse(event.detail);
        logger.appendKeys({ schedule });
        const jobs = options.schedules ?? {};
        const job = Object.hasOwn(jobs, schedule) ? jobs[schedule] : undefined;
        if (!job) throw new Error(`${consumer} does not run the schedule ${schedule}`);
        await job();
        logger.info('Schedule handled');
      } else if (consumes(type)) {
        await consume(type, event, context, delivery);
      } else {
        throw new Error(`${consumer} does not consume ${type}`);
      }
    } catch (error) {
      delivery.outcome = 'failed';
      logger.error('Event failed', { error: error as Error });
      throw error;
    } finally {
      recordConsumed(delivery);
      logger.resetKeys();
    }
  };
}
