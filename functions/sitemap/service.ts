import { ConflictError } from '../../shared/http/errors';
import { buildSitemaps } from '../../shared/rules/sitemap';
import { isStaleGeneration, STALE_GENERATION_ERROR } from '../../shared/rules/sitemap-generation';
import type { ListQuery, Page } from '../../shared/schemas/paging';
import type { SitemapGeneration, SitemapTrigger } from '../../shared/schemas/sitemap';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { publishSiteFiles } from '../lib/site-files';
import { siteOrigin } from '../lib/site-origin';
import { eventWrite } from '../repositories/outbox';
import { claimChangesWrite, generationStartedWrite } from '../repositories/sitemap-state';
import { sitemapsRepository } from '../repositories/sitemaps';
import { getTenant } from '../repositories/tenants';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { sitemapPageSource } from './pages';

function newGeneration(trigger: SitemapTrigger, requestedBy: string | undefined): SitemapGeneration {
  const now = new Date().toISOString();
  return {
    _id: newId(),
    status: 'RUNNING',
    trigger,
    ...(requestedBy ? { requestedBy } : {}),
    startedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

interface GenerationStart {
  generation: SitemapGeneration;
  /** For one transaction; the last is the tenant's sitemap state, the one write a caller may see refused. */
  writes: TransactItem[];
}

/**
 * The writes that start a generation: the record RUNNING (the list shows it at once), the SitemapRequested
 * that runs it (it cannot be left RUNNING for want of an event), and its start on the tenant's sitemap
 * state (`stateWrite`: the catalogue check then knows the edits before it are listed).
 */
function generationStart(
  tenant: string,
  trigger: SitemapTrigger,
  stateWrite: (startedAt: string) => TransactItem,
  requestedBy?: string,
): GenerationStart {
  const generation = newGeneration(trigger, requestedBy);
  return {
    generation,
    writes: [
      ...sitemapsRepository.insertItems(tenant, generation),
      eventWrite('SitemapRequested', {
        tenant,
        generationId: generation._id,
        ...(requestedBy ? { requestedBy } : {}),
      }),
      stateWrite(generation.startedAt),
    ],
  };
}

/** Commits a start; undefined when its sitemap state write was refused (another run took the change). */
async function commitStart({ generation, writes }: GenerationStart): Promise<SitemapGeneration | undefined> {
  const refusedState = new ConflictError('The sitemap state changed meanwhile');
  try {
    await writeTransaction(writes, (failed) =>
      failed === writes.length - 1
        ? refusedState
        : new ConflictError('This sitemap generation already exists'),
    );
  } catch (error) {
    if (error === refusedState) return undefined;
    throw error;
  }
  return generation;
}

/** Records a generation RUNNING with the event that runs it (an admin's request, the daily schedule). */
export async function startGeneration(
  tenant: string,
  trigger: 'admin' | 'schedule',
  requestedBy?: string,
): Promise<SitemapGeneration> {
  const start = generationStart(tenant, trigger, (at) => generationStartedWrite(tenant, at), requestedBy);
  // The state write has no condition: nothing but the new id can refuse this start.
  const generation = await commitStart(start);
  if (!generation) throw new ConflictError('This sitemap generation already exists');
  return generation;
}

/** A new tenant's first generation, for the transaction that creates the tenant (onboarding). */
export function newTenantGenerationWrites(tenant: string): TransactItem[] {
  return generationStart(tenant, 'tenantCreated', (at) => generationStartedWrite(tenant, at)).writes;
}

/**
 * Starts the first generation of a tenant that has had none (the seed, an onboarding rerun for a tenant
 * created before tenants got one): undefined when it has had one. The state's condition starts one however
 * many runs ask at once.
 */
export async function startFirstGeneration(tenant: string): Promise<SitemapGeneration | undefined> {
  if (await hasGeneration(tenant)) return undefined;
  return commitStart(
    generationStart(tenant, 'tenantCreated', (at) => generationStartedWrite(tenant, at, { first: true })),
  );
}

/** Whether the tenant has had a generation (what startFirstGeneration would do, without writing). */
export async function hasGeneration(tenant: string): Promise<boolean> {
  return (await sitemapsRepository.count(tenant)) > 0;
}

/**
 * Starts the generation for the tenant's first `changes` catalogue edits, claiming them in the same
 * transaction: undefined when an edit came since they were read, or another run claimed them.
 */
export async function startCatalogueGeneration(
  tenant: string,
  changes: number,
): Promise<SitemapGeneration | undefined> {
  return commitStart(
    generationStart(tenant, 'catalogueChanged', (at) => claimChangesWrite(tenant, changes, at)),
  );
}

/** Records a generation for a SitemapRequested event that named none (one put on the bus by hand). */
export async function recordGeneration(
  tenant: string,
  trigger: SitemapTrigger,
  requestedBy?: string,
): Promise<SitemapGeneration> {
  const generation = newGeneration(trigger, requestedBy);
  if (!(await sitemapsRepository.ensure(tenant, generation))) {
    throw new ConflictError('This sitemap generation already exists');
  }
  return generation;
}

type Outcome = Partial<Pick<SitemapGeneration, 'status' | 'urlCount' | 'files' | 'url' | 'error'>>;

/**
 * Records the outcome of a generation that is still RUNNING, and only then: a generation already marked
 * FAILED (stale) or finished by a redelivered event keeps the outcome it has. The write is conditional on
 * the record read (the repository's updatedAt check), so two writers cannot both settle it.
 */
export async function settleGeneration(
  tenant: string,
  generationId: string,
  outcome: Outcome & { status: 'COMPLETED' | 'FAILED' },
): Promise<SitemapGeneration | undefined> {
  const current = await sitemapsRepository.get(tenant, generationId);
  if (current?.status !== 'RUNNING') return current;
  try {
    return await sitemapsRepository.update(tenant, generationId, {
      ...outcome,
      finishedAt: new Date().toISOString(),
    });
  } catch (error) {
    if (error instanceof ConflictError) return sitemapsRepository.get(tenant, generationId);
    throw error;
  }
}

/** A RUNNING generation past the stale threshold is recorded as FAILED; any other is returned as it is. */
export async function settleIfStale(
  tenant: string,
  generation: SitemapGeneration,
  now = new Date(),
): Promise<SitemapGeneration> {
  if (!isStaleGeneration(generation, now)) return generation;
  logger.warn('stale sitemap generation marked FAILED', { tenant, generationId: generation._id });
  const settled = await settleGeneration(tenant, generation._id, {
    status: 'FAILED',
    error: STALE_GENERATION_ERROR,
  });
  return settled ?? generation;
}

/**
 * The admin list of generations. A generation whose invocation died (a timeout, a crash) would stay
 * RUNNING for ever; the list settles those it shows as FAILED, so it never shows work that is not
 * happening (the list is newest first, and a new generation is never stale).
 */
export async function listGenerations(tenant: string, query: ListQuery): Promise<Page<SitemapGeneration>> {
  const page = await sitemapsRepository.list(tenant, query);
  const now = new Date();
  return { ...page, docs: await Promise.all(page.docs.map((g) => settleIfStale(tenant, g, now))) };
}

/**
 * Writes the tenant's sitemap and records the outcome on the generation. A redelivered event (the bus
 * delivers at least once) finds the generation finished and does nothing; one delivered after the stale
 * threshold records it FAILED instead of starting late. A failure is recorded as FAILED with a short
 * reason rather than retried: the next request or the next day tries again.
 */
export async function runGeneration(tenantKey: string, generationId: string): Promise<void> {
  const generation = await sitemapsRepository.get(tenantKey, generationId);
  if (generation?.status !== 'RUNNING') return;
  if ((await settleIfStale(tenantKey, generation)).status !== 'RUNNING') return;
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
    await settleGeneration(tenantKey, generationId, {
      status: 'COMPLETED',
      urlCount,
      files: files.map((file) => file.name),
      url: `${origin}/sitemap.xml`,
    });
    logger.info('sitemap generated', { tenant: tenantKey, urlCount, files: files.length });
  } catch (error) {
    logger.error('sitemap generation failed', { tenant: tenantKey, generationId, error: error as Error });
    await settleGeneration(tenantKey, generationId, {
      status: 'FAILED',
      error: 'The sitemap could not be written. Try again; the logs have the details.',
    });
  }
}
