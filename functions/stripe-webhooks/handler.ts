import { stripeWebhookRoutes } from '../../shared/routes/stripe-webhooks';
import { resourceHandler } from '../lib/pipeline';
import { requireStripeSettings, verifiedStripeEvent } from '../payments/stripe-client';
import { recordStripeEvent } from '../repositories/stripe-events';

export const handler = resourceHandler('stripe-webhooks', stripeWebhookRoutes, {
  'stripeWebhooks.receive': async ({ tenant, body, event }) => {
    const { webhookSecret } = await requireStripeSettings(tenant.key);
    const stripeEvent = verifiedStripeEvent(body, event.headers?.['stripe-signature'], webhookSecret);
    const recorded = await recordStripeEvent(tenant.key, stripeEvent, 'webhook');
    return { received: true, recorded };
  },
});
