import { describe, expect, it } from 'vitest';
import {
  isStaleGeneration,
  SITEMAP_FUNCTION_TIMEOUT_SECONDS,
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
