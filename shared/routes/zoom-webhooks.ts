import * as z from 'zod';
import { publicAccess, route } from './define';

/** Zoom's events are small JSON objects (a meeting and one participant, or a recording's files). */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Zoom's webhook, one URL per school (`/webhooks/zoom/<tenant key>`, set as the event notification endpoint
 * of the school's own Zoom app): the signature is checked on the exact bytes Zoom sent, the URL validation
 * challenge answered, and every other event recorded once with its ZoomEventReceived (the outbox), whose
 * consumer records attendance and recordings from the bus.
 */
export const zoomWebhookRoutes = [
  route({
    id: 'zoomWebhooks.receive',
    method: 'POST',
    path: '/webhooks/zoom/{tenantKey}',
    resource: 'zoom-webhooks',
    access: publicAccess,
    tenantParam: 'tenantKey',
    bodyEncoding: 'raw',
    body: z.string().min(2).max(MAX_EVENT_BYTES),
    response: z.object({
      /** endpoint.url_validation: the plain token and its HMAC under the app's secret token. */
      plainToken: z.string().optional(),
      encryptedToken: z.string().optional(),
      /** Any other event: received, and whether this delivery recorded it (a repeat changes nothing). */
      received: z.boolean().optional(),
      recorded: z.boolean().optional(),
    }),
    summary: "Zoom's webhook: URL validation answered, a signed event recorded once",
  }),
];
