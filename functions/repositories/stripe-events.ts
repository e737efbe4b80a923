import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writeTransaction } from '../table/transactions';
import { eventWrite } from './outbox';

/** Stripe resends an event for up to three days; reconciliation looks back as far. Kept a month. */
const STRIPE_EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * A Stripe event as its webhook (or reconciliation) delivered it: its id, type, the id of the object it is
 * about, when Stripe created it, and the whole event as Stripe sent it (what the consumers apply).
 */
export const stripeEvents = defineEntity({
  name: 'stripeEvent',
  schema: z.object({
    eventId: z.string(),
    type: z.string(),
    objectId: z.string().optional(),
    /** Stripe's `created`: epoch seconds. */
    created: z.number().int(),
    livemode: z.boolean(),
    receivedAt: z.string(),
    /** How it arrived: its webhook, or the daily reconciliation's list of events. */
    via: z.enum(['webhook', 'reconciliation']),
    payload: z.string(),
  }),
  keyAttributes: ['eventId'],
  key: (tenant, event) => keys.stripeEvent(tenant, event.eventId),
  expiresAt: (event) => Math.ceil(Date.parse(event.receivedAt) / 1000) + STRIPE_EVENT_TTL_SECONDS,
});

export interface ReceivedStripeEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: { id?: string | undefined } | object };
}

/**
 * Records a Stripe event once, with its StripeEventReceived in the same transaction (the outbox): a
 * delivery of an event already recorded writes nothing, however many arrive at once (the record's
 * condition). Answers whether this delivery recorded it.
 */
export async function recordStripeEvent(
  tenant: string,
  event: ReceivedStripeEvent,
  via: 'webhook' | 'reconciliation',
): Promise<boolean> {
  const object = event.data.object;
  const objectId = 'id' in object && typeof object.id === 'string' ? object.id : undefined;
  try {
    await writeTransaction(
      [
        stripeEvents.putWrite(
          tenant,
          {
            eventId: event.id,
            type: event.type,
            ...(objectId ? { objectId } : {}),
            created: event.created,
            livemode: event.livemode,
            receivedAt: new Date().toISOString(),
            via,
            payload: JSON.stringify(event),
          },
          'absent',
        ),
        eventWrite('StripeEventReceived', { tenant, stripeEventId: event.id, type: event.type }),
      ],
      () => new AlreadyRecorded(),
    );
    return true;
  } catch (error) {
    if (error instanceof AlreadyRecorded) return false;
    throw error;
  }
}

/** The record's condition failed: another delivery of the event recorded it first. */
class AlreadyRecorded extends ConflictError {
  constructor() {
    super('This Stripe event is already recorded');
  }
}

/** A recorded Stripe event, as it arrived (undefined when none has that id). */
export async function getStripeEvent(tenant: string, eventId: string) {
  return stripeEvents.get(tenant, { eventId }, { consistent: true });
}
