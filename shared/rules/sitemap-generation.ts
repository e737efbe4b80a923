import type { SitemapGeneration } from '../schemas/sitemap';

/**
 * How long one sitemap generation may run: the sitemap Lambda's timeout (infra/cloud/functions.ts). Its
 * HTTP routes only record a generation and put an event on the bus, well inside API Gateway's 29 s; the
 * generation itself runs in the bus-driven invocation, one tenant per invocation.
 */
export const SITEMAP_FUNCTION_TIMEOUT_SECONDS = 5 * 60;

/**
 * A generation still RUNNING this long after it started will not finish: a timed-out invocation is retried
 * by Lambda at most twice (after about one and two minutes), so three runs of at most five minutes and
 * the waits between them are over by about 18 minutes. Thirty minutes leaves room for a delivery queued
 * behind a busy bus without calling a generation that is still working stale.
 */
export const SITEMAP_STALE_AFTER_MS = 30 * 60_000;

export const STALE_GENERATION_ERROR =
  'The generation stopped before it finished (it ran out of time). Start a new one.';

/** A RUNNING generation that can no longer finish: it should be recorded as FAILED. */
export function isStaleGeneration(
  generation: Pick<SitemapGeneration, 'status' | 'startedAt'>,
  now: Date,
  staleAfterMs = SITEMAP_STALE_AFTER_MS,
): boolean {
  if (generation.status !== 'RUNNING') return false;
  const started = Date.parse(generation.startedAt);
  // A start time that cannot be read cannot be waited on either.
  return Number.isNaN(started) || now.getTime() - started >= staleAfterMs;
}

/**
 * Catalogue edits come in bursts (an admin working through a subject): a generation for them waits until
 * the tenant's catalogue has had no edit for this long, so a burst of 50 edits gives one generation.
 */
export const CATALOGUE_QUIET_MS = 2 * 60_000;

/**
 * How often the changed catalogues are looked at (the `sitemap-catalogue-changes` schedule): a burst's
 * generation starts between the quiet time and the quiet time plus this after its last edit.
 */
export const CATALOGUE_CHECK_EVERY_MS = 5 * 60_000;

/**
 * A catalogue write commits at most this long after the time it records: the catalogue's functions stop at
 * 29 s (infra/cloud/functions.ts). A generation that started later than this after an edit read that edit.
 */
export const CATALOGUE_WRITE_LAG_MS = 30_000;

/** The schedules of the sitemap function (shared/events/catalogue.ts), by their rule names. */
export const SITEMAP_SCHEDULES = {
  daily: 'sitemap-daily',
  catalogueChanges: 'sitemap-catalogue-changes',
} as const;

/** A tenant's catalogue edits as its sitemap state counts them (functions/repositories/sitemap-state.ts). */
export interface CatalogueChanges {
  /** How many catalogue writes the tenant has had (each adds one in its own transaction). */
  changes: number;
  /** When the latest was written. */
  changedAt: string;
  /** `changes` when a generation for them was last started or found unneeded. */
  claimedChanges?: number;
}

/**
 * What the catalogue check does for one tenant with edits not yet claimed: `start` a generation (quiet for
 * long enough), `wait` (still being edited, or not quiet for long enough yet), or nothing because they are
 * `covered` (a generation of any kind started after the last edit, so it lists it).
 */
export type CatalogueGenerationDecision = 'start' | 'wait' | 'covered';

export function catalogueGenerationDecision(
  catalogue: CatalogueChanges,
  lastGenerationStartedAt: string | undefined,
  now: Date,
  quietMs = CATALOGUE_QUIET_MS,
): CatalogueGenerationDecision {
  if (catalogue.changes <= (catalogue.claimedChanges ?? 0)) return 'covered';
  const changed = Date.parse(catalogue.changedAt);
  // An edit time that cannot be read cannot be waited on: its generation starts.
  if (Number.isNaN(changed)) return 'start';
  const started = lastGenerationStartedAt === undefined ? Number.NaN : Date.parse(lastGenerationStartedAt);
  if (started - changed >= CATALOGUE_WRITE_LAG_MS) return 'covered';
  return now.getTime() - changed >= quietMs ? 'start' : 'wait';
}
