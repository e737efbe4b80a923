import type { APIGatewayProxyEventV2, Context, EventBridgeEvent } from 'aws-lambda';
import { eventCatalogue } from '../../shared/events/catalogue';
import { sitemapRoutes } from '../../shared/routes/site';
import { publish } from '../lib/events';
import { logger } from '../lib/logger';
import { resourceHandler, withCaller } from '../lib/pipeline';
import { respond } from '../lib/request';
import { sitemapsRepository, tenantKeysForJobs } from '../repositories/sitemaps';
import { runGeneration, startGeneration } from './service';

/**
 * One Lambda, two doors: the admin routes through the HTTP pipeline, and the bus (an admin's
 * SitemapRequested, or the daily schedule) for the generation itself.
 */
const http = resourceHandler('sitemap', sitemapRoutes, {
  'sitemap.list': async ({ tenant, query }) => sitemapsRepository.list(tenant.key, query),
  // Recorded first, so the list shows it RUNNING at once; the bus then does the work.
  'sitemap.create': withCaller(async ({ tenant, caller }) => {
    const generation = await startGeneration(tenant.key, 'admin', caller.user._id);
    await publish('SitemapRequested', {
      tenant: tenant.key,
      requestedBy: caller.user._id,
      generationId: generation._id,
    });
    return respond(202, generation);
  }),
});

type BusEvent = EventBridgeEvent<'SitemapRequested' | 'Scheduled Event', unknown>;

async function onBusEvent(event: BusEvent): Promise<void> {
  if (event['detail-type'] === 'SitemapRequested') {
    const detail = eventCatalogue.SitemapRequested.parse(event.detail);
    const generationId =
      detail.generationId ?? (await startGeneration(detail.tenant, 'schedule', detail.requestedBy))._id;
    await runGeneration(detail.tenant, generationId);
    return;
  }
  // The daily schedule: every tenant, one after the other (each records its own outcome).
  for (const tenant of await tenantKeysForJobs()) {
    const generation = await startGeneration(tenant, 'schedule');
    await runGeneration(tenant, generation._id);
  }
  logger.info('daily sitemaps written');
}

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event);
  // The pipeline adds its own state to the context.
  return http(event, context as Parameters<typeof http>[1]);
}
