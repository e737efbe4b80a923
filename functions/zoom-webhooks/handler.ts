import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { zoomWebhookRoutes } from '../../shared/routes/zoom-webhooks';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { MeetingProviderError } from '../lib/meeting-providers/http';
import { zoomSettings } from '../lib/meeting-providers/provider';
import {
  parseZoomEvent,
  urlValidationAnswer,
  verifyZoomRequest,
} from '../lib/meeting-providers/zoom-webhook';
import { resourceHandler } from '../lib/pipeline';
import { recordZoomEvent } from '../repositories/zoom-events';
import { applyZoomEvent } from './apply-zoom-event';

/**
 * Zoom's webhook: signed (x-zm-signature over the exact bytes), the URL validation answered, every other
 * event recorded once with its ZoomEventReceived and answered at once (Zoom wants an answer within 3 s);
 * the consumer below applies it from the bus, as Stripe's events are (functions/stripe-webhooks).
 */
const http = resourceHandler('zoom-webhooks', zoomWebhookRoutes, {
  'zoomWebhooks.receive': async ({ tenant, body, event }) => {
    const settings = await zoomSettings(tenant.key);
    if (!settings) throw new MeetingProviderError('Zoom is not set up for this school');
    verifyZoomRequest(
      body,
      {
        signature: event.headers?.['x-zm-signature'],
        timestamp: event.headers?.['x-zm-request-timestamp'],
      },
      settings.webhookSecretToken,
    );
    const zoomEvent = parseZoomEvent(body);
    if (zoomEvent.event === 'endpoint.url_validation') {
      const plainToken = zoomEvent.payload.plainToken;
      if (!plainToken) return { received: false, recorded: false };
      return urlValidationAnswer(plainToken, settings.webhookSecretToken);
    }
    const recorded = await recordZoomEvent(tenant.key, body, zoomEvent.event);
    return { received: true, recorded };
  },
});

/** The one consumer of what was recorded: attendance and recordings, once per event. */
const onBusEvent = eventConsumer('zoom-webhooks', {
  ZoomEventReceived: ({ detail }) => applyZoomEvent(detail.tenant, detail.zoomEventId),
});

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event, context);
  return http(event, context as Parameters<typeof http>[1]);
}
