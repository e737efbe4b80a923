import * as z from 'zod';
import { publicAccess, route } from './define';

/** Stripe's events are small (an object and its changes); anything past this is not one of them. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Stripe's webhook, one URL per school (`/webhooks/stripe/<tenant key>`, registered in the school's own
 * Stripe account): the signature is checked on the exact bytes Stripe sent, the event recorded once with
 * its StripeEventReceived (the outbox), and answered at once; the consumers apply it from the bus.
 */
export const stripeWebhookRoutes = [
  route({
    id: 'stripeWebhooks.receive',
    method: 'POST',
    path: '/webhooks/stripe/{tenantKey}',
    resource: 'stripe-webhooks',
    access: publicAccess,
    tenantParam: 'tenantKey',
    bodyEncoding: 'raw',
    body: z.string().min(2).max(MAX_EVENT_BYTES),
    response: z.object({ received: z.boolean(), recorded: z.boolean() }),
    summary: "Stripe's webhook: a signed event recorded once (a duplicate delivery changes nothing)",
  }),
];
