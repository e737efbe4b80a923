import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { sitemapRoutes } from '../../shared/routes/site';
import { SITEMAP_SCHEDULES } from '../../shared/rules/sitemap-generation';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { listTenantKeys } from '../repositories/tenants';
import { generateChangedCatalogues } from './catalogue-changes';
import { listGenerations, recordGeneration, runGeneration, startGeneration } from './service';

/**
 * One Lambda, two doors: the admin routes through the HTTP pipeline (quick: record the generation and its
 * event, answer), and the bus for the generation itself (a SitemapRequested: an admin's, one per tenant from
 * the daily schedule, a new tenant's, a changed catalogue's), each generation in its own invocation with the
 * function's longer timeout. The bus also brings the two schedules' ticks: the daily run, and the check of
 * changed catalogues every few minutes.
 */
const http = resourceHandler('sitemap', sitemapRoutes, {
  'sitemap.list': async ({ tenant, query }) => listGenerations(tenant.key, query),
  // Recorded with its event, so the list shows it RUNNING at once; the bus then does the work.
  'sitemap.create': async ({ tenant, caller }) =>
    respond(202, await startGeneration(tenant.key, 'admin', caller.user._id)),
});

/** Tenants are fanned out a few at a time: one transaction each, bounded concurrency. */
const FAN_OUT_BATCH = 10;

/**
 * The daily schedule: one generation per tenant, each recorded RUNNING with its own SitemapRequested, so a
 * large tenant neither delays nor times out the others. A tenant whose generation cannot be recorded is
 * logged; the others still go.
 */
async function fanOutDaily(): Promise<void> {
  const tenants = await listTenantKeys();
  let failed = 0;
  for (let i = 0; i < tenants.length; i += FAN_OUT_BATCH) {
    const results = await Promise.allSettled(
      tenants.slice(i, i + FAN_OUT_BATCH).map((tenant) => startGeneration(tenant, 'schedule')),
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

const onBusEvent = eventConsumer(
  'sitemap',
  {
    SitemapRequested: async ({ detail }) => {
      // Without a generation id (an event put on the bus by other means), the generation is recorded here.
      const generationId =
        detail.generationId ?? (await recordGeneration(detail.tenant, 'schedule', detail.requestedBy))._id;
      await runGeneration(detail.tenant, generationId);
    },
  },
  {
    schedules: {
      [SITEMAP_SCHEDULES.daily]: fanOutDaily,
      [SITEMAP_SCHEDULES.catalogueChanges]: async () => {
        await generateChangedCatalogues();
      },
    },
  },
);

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event, context);
  // The pipeline adds its own state to the context.
  return http(event, context as Parameters<typeof http>[1]);
}
