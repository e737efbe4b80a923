/**
 * A small per-container cache with a time to live. Lambda keeps a container warm between requests, so
 * data every request needs (the tenant, the caller's role) is read once per TTL instead of every time.
 * Each use says how stale its data may be, and why that is acceptable. Concurrent misses of one key share
 * a single load, so an expiring entry under load costs one read, not one per waiting request. An entry in
 * the last fifth of its life is reloaded in the background while it is still served, so a key in steady
 * use never makes a request wait for its reload (and is never served older than its time to live).
 */
export function ttlCache<V>(ttlMs: number, maxEntries = 1_000) {
  const entries = new Map<string, { value: V; until: number }>();
  const loading = new Map<string, Promise<V>>();
  const refreshAheadMs = ttlMs / 5;

  async function get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = entries.get(key);
    const now = Date.now();
    if (hit && hit.until > now) {
      if (hit.until - now < refreshAheadMs && !loading.has(key)) {
        // A failed background reload is not the caller's: the entry stays until it expires.
        start(key, load).catch(() => undefined);
      }
      return hit.value;
    }
    return loading.get(key) ?? start(key, load);
  }

  function start(key: string, load: () => Promise<V>): Promise<V> {
    const loaded = load().then(
      (value) => {
        // A delete or clear while loading wins: the value is handed to the waiters but not kept.
        if (loading.get(key) === loaded) {
          if (!entries.has(key) && entries.size >= maxEntries) {
            entries.delete(entries.keys().next().value as string);
          }
          entries.set(key, { value, until: Date.now() + ttlMs });
          loading.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === loaded) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, loaded);
    return loaded;
  }

  return {
    get,
    delete: (key: string) => {
      loading.delete(key);
      return entries.delete(key);
    },
    clear: () => {
      loading.clear();
      entries.clear();
    },
    size: () => entries.size,
  };
}
