/**
 * A small per-container cache with a time to live. Lambda keeps a container warm between requests, so
 * data every request needs (the tenant, the caller's role) is read once per TTL instead of every time.
 * Each use says how stale its data may be, and why that is acceptable.
 */
export function ttlCache<V>(ttlMs: number, maxEntries = 1_000) {
  const entries = new Map<string, { value: V; until: number }>();
  async function get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = await load();
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, until: Date.now() + ttlMs });
    return value;
  }

  return {
    get,
    delete: (key: string) => entries.delete(key),
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
