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

  it('shares one load between concurrent misses of a key', async () => {
    const cache = ttlCache<number>(60_000);
    let release: (value: number) => void = () => undefined;
    const load = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 32 }, () => cache.get('user', load));
    release(7);
    expect(await Promise.all(waiting)).toEqual(Array(32).fill(7));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed load: every waiter sees the error and the next call loads again', async () => {
    const cache = ttlCache<number>(60_000);
    const failing = vi.fn(async () => {
      throw new Error('table unavailable');
    });
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(await cache.get('k', async () => 5)).toBe(5);
  });

  it('does not keep a value whose key was deleted while it loaded', async () => {
    const cache = ttlCache<string>(60_000);
    let release: (value: string) => void = () => undefined;
    const stale = cache.get('user', () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete('user');
    release('before the password change');
    expect(await stale).toBe('before the password change');
    expect(await cache.get('user', async () => 'after')).toBe('after');
  });

  it('reloads an entry in the last fifth of its life in the background, serving the current value meanwhile', async () => {
    vi.useFakeTimers();
    const cache = ttlCache<number>(1_000);
    let version = 0;
    const load = vi.fn(async () => ++version);
    expect(await cache.get('role', load)).toBe(1);
    vi.advanceTimersByTime(700);
    expect(await cache.get('role', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(150);
    expect(await cache.get('role', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.get('role', load)).toBe(2);
    // The reloaded entry lives a full time to live from its reload.
    vi.advanceTimersByTime(700);
    expect(await cache.get('role', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps serving an entry whose background reload failed, until it expires', async () => {
    vi.useFakeTimers();
    const cache = ttlCache<string>(1_000);
    await cache.get('tenant', async () => 'demo');
    vi.advanceTimersByTime(900);
    const failing = vi.fn(async (): Promise<string> => {
      throw new Error('table unavailable');
    });
    expect(await cache.get('tenant', failing)).toBe('demo');
    expect(await cache.get('tenant', failing)).toBe('demo');
    vi.advanceTimersByTime(101);
    await expect(cache.get('tenant', failing)).rejects.toThrow('table unavailable');
  });
});
