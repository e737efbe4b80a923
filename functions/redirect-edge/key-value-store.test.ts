import { describe, expect, it } from 'vitest';
import { type KeyValueStoreApi, writeEdgeRedirect } from './key-value-store';

/** An in-memory store with the service's ETag rule: a write with a stale ETag is a ConflictException. */
function fakeStore(conflicts = 0) {
  const data = new Map<string, string>();
  let version = 1;
  let conflictsLeft = conflicts;
  const conflict = () => Object.assign(new Error('stale'), { name: 'ConflictException' });
  const api: KeyValueStoreApi = {
    etag: async () => `v${version}`,
    async put(key, value, etag) {
      if (conflictsLeft-- > 0 || etag !== `v${version}`) throw conflict();
      data.set(key, value);
      version++;
    },
    async delete(key, etag) {
      if (conflictsLeft-- > 0 || etag !== `v${version}`) throw conflict();
      if (!data.delete(key)) throw Object.assign(new Error('missing'), { name: 'ResourceNotFoundException' });
      version++;
    },
  };
  return { api, data };
}

describe('mirroring a redirection into the key value store', () => {
  it('puts the target and status as the edge function reads them', async () => {
    const { api, data } = fakeStore();
    await writeEdgeRedirect(api, 'learn.example.com/old', { to: '/new', statusCode: 302 });
    expect(JSON.parse(data.get('learn.example.com/old')!)).toEqual({ to: '/new', status: 302 });
  });

  it('retries when another writer changed the store in between', async () => {
    const { api, data } = fakeStore(2);
    await writeEdgeRedirect(api, 'k', { to: '/x', statusCode: 301 });
    expect(data.has('k')).toBe(true);
  });

  it('gives up after five conflicts', async () => {
    const { api } = fakeStore(10);
    await expect(writeEdgeRedirect(api, 'k', { to: '/x', statusCode: 301 })).rejects.toThrow('stale');
  });

  it('deletes a removed redirection, and a key already gone is fine', async () => {
    const { api, data } = fakeStore();
    await writeEdgeRedirect(api, 'k', { to: '/x', statusCode: 301 });
    await writeEdgeRedirect(api, 'k', undefined);
    expect(data.has('k')).toBe(false);
    await expect(writeEdgeRedirect(api, 'k', undefined)).resolves.toBeUndefined();
  });
});
