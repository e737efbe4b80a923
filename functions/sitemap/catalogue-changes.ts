import {
  type CatalogueGenerationDecision,
  catalogueGenerationDecision,
} from '../../shared/rules/sitemap-generation';
import { logger } from '../lib/logger';
import { changedCatalogues, settleChanges } from '../repositories/sitemap-state';
import { startCatalogueGeneration } from './service';

/** Tenants are looked at a few at a time: a transaction each, bounded concurrency. */
const BATCH = 10;

/** What one check did, tenant by tenant (`lost`: another run or a new edit got there first). */
export type CatalogueCheckOutcome = CatalogueGenerationDecision | 'lost';

/**
 * The catalogue check (the `sitemap-catalogue-changes` schedule): for each tenant whose catalogue has edits
 * no generation claimed, a generation once the catalogue has been quiet for the quiet time, none while it
 * is being edited, and none when a generation started since the last edit. It reads only the tenants
 * listed as changed, and claims their edits in the generation's own transaction, so two checks running at
 * once start one generation for one change. `now` is the check's clock (tests move it instead of waiting).
 */
export async function generateChangedCatalogues(
  now = new Date(),
): Promise<Record<string, CatalogueCheckOutcome>> {
  const changed = await changedCatalogues();
  const outcomes: Record<string, CatalogueCheckOutcome> = {};
  for (let i = 0; i < changed.length; i += BATCH) {
    const results = await Promise.allSettled(
      changed.slice(i, i + BATCH).map(async (catalogue): Promise<[string, CatalogueCheckOutcome]> => {
        const decision = catalogueGenerationDecision(catalogue, catalogue.generationStartedAt, now);
        if (decision === 'start') {
          const started = await startCatalogueGeneration(catalogue.tenant, catalogue.changes);
          return [catalogue.tenant, started ? 'start' : 'lost'];
        }
        if (decision === 'covered') {
          const settled = await settleChanges(catalogue.tenant, catalogue.changes);
          return [catalogue.tenant, settled ? 'covered' : 'lost'];
        }
        return [catalogue.tenant, decision];
      }),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') outcomes[result.value[0]] = result.value[1];
      // The tenant stays listed: the next check tries again.
      else logger.error('catalogue sitemap check failed for a tenant', { error: result.reason as Error });
    }
  }
  logger.info('changed catalogues checked', { outcomes });
  return outcomes;
}
