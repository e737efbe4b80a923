import type { KeyValueStoreApi } from '../../functions/redirect-edge/key-value-store';

/**
 * An in-memory CloudFront KeyValueStore with the service's ETag rule: a write with a stale ETag is a
 * ConflictException, deleting a missing key a ResourceNotFoundException, and UpdateKeys is all or nothing.
 * `conflicts` makes the first writes fail as if another writer came first; `beforeWrite` runs just before
 * each write (a concurrent writer in a race test).
 */
export function fakeKeyValueStore(
  options: { conflicts?: number; initial?: Record<string, string>; beforeWrite?: () => Promise<void> } = {},
) {
  const data = new Map<string, string>(Object.entries(options.initial ?? {}));
  let version = 1;
  let conflictsLeft = options.conflicts ?? 0;
  const calls = { put: 0, delete: 0, update: 0, list: 0 };
  const conflict = () => Object.assign(new Error('stale'), { name: 'ConflictException' });
  const missing = () => Object.assign(new Error('missing'), { name: 'ResourceNotFoundException' });
  const check = async (etag: string) => {
    await options.beforeWrite?.();
    if (conflictsLeft-- > 0 || etag !== `v${version}`) throw conflict();
  };
  const api: KeyValueStoreApi = {
    etag: async () => `v${version}`,
    async put(key, value, etag) {
      calls.put++;
      await check(etag);
      data.set(key, value);
      version++;
    },
    async delete(key, etag) {
      calls.delete++;
      await check(etag);
      if (!data.has(key)) throw missing();
      data.delete(key);
      version++;
    },
    async list() {
      calls.list++;
      return new Map(data);
    },
    async update({ puts, deletes }, etag) {
      calls.update++;
      await check(etag);
      if (deletes.some((key) => !data.has(key))) throw missing();
      for (const key of deletes) data.delete(key);
      for (const { key, value } of puts) data.set(key, value);
      version++;
      return `v${version}`;
    },
  };
  return {
    api,
    data,
    calls,
    /** Another writer changes the store (its ETag moves on). */
    externalWrite(key: string, value: string | undefined) {
      if (value === undefined) data.delete(key);
      else data.set(key, value);
      version++;
    },
  };
}
