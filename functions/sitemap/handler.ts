import type { APIGatewayProxyEventV2, Context, EventBridgeEvent } from 'aws-lambda';
import { eventCatalogue } from '../../shared/events/catalogue';
import { sitemapRoutes } from '../../shared/routes/site';
import { publish } from '../lib/events';
import { logger } from '../lib/logger';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { tenantKeysForJobs } from '../repositories/sitemaps';
import { listGenerations, runGeneration, settleGeneration, startGeneration } from './service';

/**
 * One Lambda, two doors: the admin routes through the HTTP pipeline (quick: record, then hand over to the
 * bus), and the bus for the generation itself (an admin's SitemapRequested, one per tenant from the daily
 * schedule), each generation in its own invocation with the function's longer timeout.
 */
const http = resourceHandler('sitemap', sitemapRoutes, {
  'sitemap.list': async ({ tenant, query }) => listGenerations(tenant.key, query),
  // Recorded first, so the list shows it RUNNING at once; the bus then does the work.
  'sitemap.create': async ({ tenant, caller }) => {
    const generation = await startGeneration(tenant.key, 'admin', caller.user._id);
    await requestGeneration(tenant.key, generation._id, caller.user._id);
    return respond(202, generation);
  },
});

const NOT_QUEUED = 'The sitemap generation could not be queued. Try again.';

/**
 * Hands a recorded generation to the bus. If the bus refuses it, nothing would ever run it: it is recorded
 * FAILED at once (rather than left RUNNING until it goes stale), and the error goes on to the caller.
 */
async function requestGeneration(tenant: string, generationId: string, requestedBy?: string) {
  try {
    await publish('SitemapRequested', { tenant, generationId, ...(requestedBy ? { requestedBy } : {}) });
  } catch (error) {
    await settleGeneration(tenant, generationId, { status: 'FAILED', error: NOT_QUEUED });
    throw error;
  }
}

/** Tenants are fanned out a few at a time: one PutEvents and one write each, bounded concurrency. */
const FAN_OUT_BATCH = 10;

/**
 * The daily schedule: one generation per tenant, each recorded RUNNING and put on the bus as its own
 * SitemapRequested, so a large tenant neither delays nor times out the others. A tenant whose request
 * cannot be queued is logged and recorded FAILED; the others still go.
 */
async function fanOutDaily(): Promise<void> {
  const tenants = await tenantKeysForJobs();
  let failed = 0;
  for (let i = 0; i < tenants.length; i += FAN_OUT_BATCH) {
    const results = await Promise.allSettled(
      tenants.slice(i, i + FAN_OUT_BATCH).map(async (tenant) => {
        const generation = await startGeneration(tenant, 'schedule');
        await requestGeneration(tenant, generation._id);
      }),
    );
    for (const result of results) {
      if (result.status === 'rejected') {
        failed++;
        logger.error('daily sitemap request failed', { error: result.reason as Error });
      }
    }
  }
  logger.info('daily sitemaps requested', { tenants: tenants.length, failed });
}

type BusEvent = EventBridgeEvent<'SitemapRequested' | 'Scheduled Event', unknown>;

async function onBusEvent(event: BusEvent): Promise<void> {
  if (event['detail-type'] === 'Scheduled Event') return fanOutDaily();
  const detail = eventCatalogue.SitemapRequested.parse(event.detail);
  // Without a generation id (an event put on the bus by other means), the generation is recorded here.
  const generationId =
    detail.generationId ?? (await startGeneration(detail.tenant, 'schedule', detail.requestedBy))._id;
  await runGeneration(detail.tenant, generationId);
}

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event);
  // The pipeline adds its own state to the context.
  return http(event, context as Parameters<typeof http>[1]);
}
