import { Readable } from 'node:stream';
import { signatureV4aContainer } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import {
  type KeyValueStoreApi,
  keyValueStoreClient,
  sdkKeyValueStore,
  writeEdgeRedirect,
} from './key-value-store';

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

interface SentRequest {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
}

describe('the KeyValueStore adapter over the real SDK client (fake transport)', () => {
  const arn = 'arn:aws:cloudfront::123456789012:key-value-store/7f3a2c1e-1111-2222-3333-444455556666';

  async function recordingStore() {
    const requests: SentRequest[] = [];
    const client = await keyValueStoreClient({
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: SentRequest) => {
          requests.push(request);
          const body =
            request.method === 'GET'
              ? { KvsARN: arn, Created: 1_700_000_000, ItemCount: 1, TotalSizeInBytes: 10 }
              : { ItemCount: 1, TotalSizeInBytes: 10 };
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'application/json', etag: 'ETAG-2' },
              body: Readable.from([Buffer.from(JSON.stringify(body))]),
            },
          };
        },
      },
    });
    return { store: await sdkKeyValueStore(arn, client), requests };
  }

  it('signs with SigV4a through the signer it is given, not one registered globally', async () => {
    const { store, requests } = await recordingStore();
    // The Lambda runtime's client has no JS SigV4a signer registered; neither does this one now.
    const registered = signatureV4aContainer.SignatureV4a;
    signatureV4aContainer.SignatureV4a = null;
    try {
      expect(await store.etag()).toBe('ETAG-2');
      await store.put('learn.example.com/old', '{"to":"/new","status":301}', 'ETAG-2');
    } finally {
      signatureV4aContainer.SignatureV4a = registered;
    }
    expect(requests).toHaveLength(2);
    const [describeCall, put] = requests;
    expect(describeCall!.method).toBe('GET');
    expect(put!.method).toBe('PUT');
    expect(put!.hostname).toBe('123456789012.cloudfront-kvs.global.api.aws');
    expect(decodeURIComponent(put!.path)).toBe(`/key-value-stores/${arn}/keys/learn.example.com/old`);
    expect(put!.headers['if-match']).toBe('ETAG-2');
    expect(put!.headers['x-amz-region-set']).toBe('*');
    expect(put!.headers.authorization).toMatch(/^AWS4-ECDSA-P256-SHA256 Credential=AKIDEXAMPLE\//);
  });
});
