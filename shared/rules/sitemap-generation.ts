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
