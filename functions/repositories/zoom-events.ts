import { createHash } from 'node:crypto';
import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writeTransaction } from '../table/transactions';
import { eventWrite } from './outbox';

/** Zoom retries a failed delivery for up to three days; a repeat within a week is still recognised. */
const ZOOM_EVENT_TTL_SECONDS = 7 * 24 * 3600;

/**
 * A Zoom webhook event as it arrived. Zoom's events carry no id of their own, and a retried delivery sends
 * the same body: the SHA-256 of the signed body names the event, so a repeat is recorded once.
 */
const zoomEvents = defineEntity({
  name: 'zoomEvent',
  schema: z.object({
    eventId: z.string(),
    type: z.string(),
    receivedAt: z.string(),
    payload: z.string(),
  }),
  keyAttributes: ['eventId'],
  key: (tenant, event) => keys.zoomEvent(tenant, event.eventId),
  expiresAt: (event) => Math.ceil(Date.parse(event.receivedAt) / 1000) + ZOOM_EVENT_TTL_SECONDS,
});

export function zoomEventId(rawBody: string): string {
  return createHash('sha256').update(rawBody).digest('hex');
}

/**
 * Records a Zoom event once with its ZoomEventReceived in the same transaction (the outbox, as Stripe's
 * events: functions/repositories/stripe-events.ts). Answers whether this delivery recorded it.
 */
export async function recordZoomEvent(tenant: string, rawBody: string, type: string): Promise<boolean> {
  const eventId = zoomEventId(rawBody);
  try {
    await writeTransaction(
      [
        zoomEvents.putWrite(
          tenant,
          { eventId, type, receivedAt: new Date().toISOString(), payload: rawBody },
          'absent',
        ),
        eventWrite('ZoomEventReceived', { tenant, zoomEventId: eventId, type }),
      ],
      () => new AlreadyRecorded(),
    );
    return true;
  } catch (error) {
    if (error instanceof AlreadyRecorded) return false;
    throw error;
  }
}

class AlreadyRecorded extends ConflictError {
  constructor() {
    super('This Zoom event is already recorded');
  }
}

export function getZoomEvent(tenant: string, eventId: string) {
  return zoomEvents.get(tenant, { eventId }, { consistent: true });
}
