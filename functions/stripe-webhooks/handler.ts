import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { stripeWebhookRoutes } from '../../shared/routes/stripe-webhooks';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { resourceHandler } from '../lib/pipeline';
import { applyStripeEvent } from '../payments/apply-stripe-event';
import { reconcileEverySchool } from '../payments/reconcile';
import { requireStripeSettings, verifiedStripeEvent } from '../payments/stripe-client';
import { recordStripeEvent } from '../repositories/stripe-events';

/**
 * Two doors onto one record of Stripe's events: the webhook (signed, recorded once, answered at once) and
 * the daily reconciliation, which records any event whose webhook never arrived the same way.
 */
const http = resourceHandler('stripe-webhooks', stripeWebhookRoutes, {
  'stripeWebhooks.receive': async ({ tenant, body, event }) => {
    const { webhookSecret } = await requireStripeSettings(tenant.key);
    const stripeEvent = verifiedStripeEvent(body, event.headers?.['stripe-signature'], webhookSecret);
    const recorded = await recordStripeEvent(tenant.key, stripeEvent, 'webhook');
    return { received: true, recorded };
  },
});

/**
 * Behind both doors, one consumer of what was recorded: each StripeEventReceived applied to the books once
 * (functions/payments/apply-stripe-event.ts), whether the webhook or the reconciliation recorded it.
 */
const onBusEvent = eventConsumer(
  'stripe-webhooks',
  {
    StripeEventReceived: ({ detail }) => applyStripeEvent(detail.tenant, detail.stripeEventId),
  },
  { schedules: { 'stripe-reconcile': reconcileEverySchool } },
);

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event, context);
  // The pipeline adds its own state to the context.
  return http(event, context as Parameters<typeof http>[1]);
}
