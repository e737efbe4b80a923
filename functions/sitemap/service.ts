import { buildSitemaps } from '../../shared/rules/sitemap';
import type { SitemapGeneration } from '../../shared/schemas/sitemap';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { publishSiteFiles } from '../lib/site-files';
import { sitemapsRepository } from '../repositories/sitemaps';
import { getTenant } from '../repositories/tenants';
import { sitemapPageSource } from './pages';

/**
 * Every tenant is served by the same site under its own domain: its origin is the platform's origin with
 * the tenant's domain as host (locally the port stays, so `localhost` is http://localhost:5173).
 */
export function siteOrigin(domain: string): string {
  const origin = new URL(config().WEB_ORIGIN);
  origin.hostname = domain;
  return origin.origin;
}

export async function startGeneration(
  tenant: string,
  trigger: SitemapGeneration['trigger'],
  requestedBy?: string,
): Promise<SitemapGeneration> {
  const now = new Date().toISOString();
  return sitemapsRepository.create(tenant, {
    status: 'RUNNING',
    trigger,
    ...(requestedBy ? { requestedBy } : {}),
    startedAt: now,
  });
}

/**
 * Writes the tenant's sitemap and records the outcome on the generation. A redelivered event (the bus
 * delivers at least once) finds the generation finished and does nothing. A failure is recorded as
 * FAILED with a short reason rather than retried: the next request or the next day tries again.
 */
export async function runGeneration(tenantKey: string, generationId: string): Promise<void> {
  const generation = await sitemapsRepository.get(tenantKey, generationId);
  if (generation?.status !== 'RUNNING') return;
  try {
    const tenant = await getTenant(tenantKey);
    if (!tenant) throw new Error(`Unknown tenant ${tenantKey}`);
    const origin = siteOrigin(tenant.domain);
    const pages = await sitemapPageSource(tenantKey);
    const { files, urlCount } = buildSitemaps(pages, { origin, now: new Date() });
    await publishSiteFiles(
      tenant.domain,
      files.map((file) => ({
        name: file.name,
        body: file.xml,
        contentType: 'application/xml; charset=utf-8',
      })),
    );
    await sitemapsRepository.update(tenantKey, generationId, {
      status: 'COMPLETED',
      finishedAt: new Date().toISOString(),
      urlCount,
      files: files.map((file) => file.name),
      url: `${origin}/sitemap.xml`,
    });
    logger.info('sitemap generated', { tenant: tenantKey, urlCount, files: files.length });
  } catch (error) {
    logger.error('sitemap generation failed', { tenant: tenantKey, generationId, error: error as Error });
    await sitemapsRepository.update(tenantKey, generationId, {
      status: 'FAILED',
      finishedAt: new Date().toISOString(),
      error: 'The sitemap could not be written. Try again; the logs have the details.',
    });
  }
}
