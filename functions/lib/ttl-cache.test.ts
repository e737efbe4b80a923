import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache';

describe('ttl cache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once per key until the entry expires', async () => {
    vi.useFakeTimers();
    const cache = ttlCache<number>(1_000);
    const load = vi.fn(async () => 42);
    expect(await cache.get('a', load)).toBe(42);
    expect(await cache.get('a', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets deleted keys and evicts the oldest entry when full', async () => {
    const cache = ttlCache<string>(60_000, 2);
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('c', async () => 'C');
    expect(cache.size()).toBe(2);
    expect(await cache.get('a', async () => 'A2')).toBe('A2');
    cache.delete('a');
    expect(await cache.get('a', async () => 'A3')).toBe('A3');
  });
});
