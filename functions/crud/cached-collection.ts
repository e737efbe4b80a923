import { ttlCache } from '../lib/ttl-cache';
import type { CrudRecord } from './repository';
import type { uniqueKeyCollection } from './unique-key-collection';

type Collection<T extends CrudRecord> = ReturnType<typeof uniqueKeyCollection<T>>;

/**
 * A collection read on a hot path (roles on every signed-in request, tutor roles on every course action):
 * `getCached` keeps a record per container for `ttlMs`. A change made through it is forgotten here at once;
 * other warm containers read it again within the TTL.
 */
export function cachedCollection<T extends CrudRecord>(base: Collection<T>, ttlMs: number) {
  const cache = ttlCache<T | undefined>(ttlMs);
  const key = (tenant: string, id: string) => `${tenant}#${id}`;
  return {
    ...base,
    getCached: (tenant: string, id: string) => cache.get(key(tenant, id), () => base.get(tenant, id)),
    async update(tenant: string, id: string, changes: Parameters<Collection<T>['update']>[2]) {
      const updated = await base.update(tenant, id, changes);
      cache.delete(key(tenant, id));
      return updated;
    },
    async remove(tenant: string, id: string) {
      await base.remove(tenant, id);
      cache.delete(key(tenant, id));
    },
    /** A new local stack is a new container. */
    clearCache: () => cache.clear(),
  };
}
