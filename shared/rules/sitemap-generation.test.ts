import { describe, expect, it } from 'vitest';
import { eventRules } from '../events/catalogue';
import {
  CATALOGUE_CHECK_EVERY_MS,
  CATALOGUE_QUIET_MS,
  CATALOGUE_WRITE_LAG_MS,
  catalogueGenerationDecision,
  isStaleGeneration,
  SITEMAP_FUNCTION_TIMEOUT_SECONDS,
  SITEMAP_SCHEDULES,
  SITEMAP_STALE_AFTER_MS,
} from './sitemap-generation';

const now = new Date('2030-01-02T03:30:00.000Z');
const startedMinutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('stale sitemap generations', () => {
  it('calls a RUNNING generation stale once the threshold has passed, not before', () => {
    expect(isStaleGeneration({ status: 'RUNNING', startedAt: startedMinutesAgo(29) }, now)).toBe(false);
    expect(isStaleGeneration({ status: 'RUNNING', startedAt: startedMinutesAgo(30) }, now)).toBe(true);
    expect(isStaleGeneration({ status: 'RUNNING', startedAt: startedMinutesAgo(60 * 24) }, now)).toBe(true);
  });

  it('never calls a finished generation stale', () => {
    for (const status of ['COMPLETED', 'FAILED'] as const) {
      expect(isStaleGeneration({ status, startedAt: startedMinutesAgo(600) }, now)).toBe(false);
    }
  });

  it('calls a RUNNING generation with an unreadable start stale', () => {
    expect(isStaleGeneration({ status: 'RUNNING', startedAt: 'not a date' }, now)).toBe(true);
  });

  it('takes another threshold when given one', () => {
    expect(isStaleGeneration({ status: 'RUNNING', startedAt: startedMinutesAgo(2) }, now, 60_000)).toBe(true);
  });

  it('waits longer than an invocation and its two retries could run', () => {
    const threeRunsAndTheirWaits = (3 * SITEMAP_FUNCTION_TIMEOUT_SECONDS + 3 * 60) * 1000;
    expect(SITEMAP_STALE_AFTER_MS).toBeGreaterThan(threeRunsAndTheirWaits);
  });
});

describe('generations for catalogue changes', () => {
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  /** 50 edits, the last one a second ago, none claimed. */
  const burst = { changes: 50, changedAt: at(-1_000) };

  it('waits while the catalogue is being edited, and starts once it has been quiet for the quiet time', () => {
    expect(catalogueGenerationDecision(burst, undefined, now)).toBe('wait');
    expect(catalogueGenerationDecision(burst, undefined, new Date(now.getTime() + 60_000))).toBe('wait');
    const quietAgain = new Date(Date.parse(burst.changedAt) + CATALOGUE_QUIET_MS);
    expect(catalogueGenerationDecision(burst, undefined, quietAgain)).toBe('start');
    expect(catalogueGenerationDecision(burst, undefined, new Date(quietAgain.getTime() - 1))).toBe('wait');
  });

  it('starts nothing for edits already claimed', () => {
    const later = new Date(now.getTime() + 60 * 60_000);
    expect(catalogueGenerationDecision({ ...burst, claimedChanges: 50 }, undefined, later)).toBe('covered');
    expect(catalogueGenerationDecision({ ...burst, claimedChanges: 49 }, undefined, later)).toBe('start');
  });

  it('starts nothing when a generation started after the last edit had committed', () => {
    const later = new Date(now.getTime() + 60 * 60_000);
    const afterCommit = at(-1_000 + CATALOGUE_WRITE_LAG_MS);
    expect(catalogueGenerationDecision(burst, afterCommit, now)).toBe('covered');
    expect(catalogueGenerationDecision(burst, afterCommit, later)).toBe('covered');
  });

  it('still starts one when the last generation started before the edit, or too close to it', () => {
    const later = new Date(now.getTime() + CATALOGUE_QUIET_MS);
    expect(catalogueGenerationDecision(burst, at(-60_000), later)).toBe('start');
    // Started a moment after the edit's time: the edit may not have committed when it read the catalogue.
    expect(catalogueGenerationDecision(burst, at(0), later)).toBe('start');
    expect(catalogueGenerationDecision(burst, 'not a date', later)).toBe('start');
  });

  it('starts at once for an edit time it cannot read', () => {
    expect(catalogueGenerationDecision({ changes: 1, changedAt: 'not a date' }, undefined, now)).toBe(
      'start',
    );
  });

  it('takes another quiet time when given one', () => {
    expect(catalogueGenerationDecision(burst, undefined, now, 1_000)).toBe('start');
  });

  it('is checked by a schedule declared in the event catalogue, more often than the daily run', () => {
    const check = eventRules.find((rule) => rule.name === SITEMAP_SCHEDULES.catalogueChanges);
    expect(check).toMatchObject({
      kind: 'schedule',
      target: 'sitemap',
      everyMs: CATALOGUE_CHECK_EVERY_MS,
      schedule: `rate(${CATALOGUE_CHECK_EVERY_MS / 60_000} minutes)`,
    });
    expect(eventRules.find((rule) => rule.name === SITEMAP_SCHEDULES.daily)).toMatchObject({
      kind: 'schedule',
      target: 'sitemap',
    });
    // A burst's generation starts within the quiet time and one check after its last edit: minutes.
    expect(CATALOGUE_QUIET_MS + CATALOGUE_CHECK_EVERY_MS).toBeLessThanOrEqual(10 * 60_000);
    expect(CATALOGUE_WRITE_LAG_MS).toBeLessThan(CATALOGUE_QUIET_MS);
  });
});
