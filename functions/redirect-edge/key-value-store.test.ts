import { Readable } from 'node:stream';
import { signatureV4aContainer } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { fakeKeyValueStore } from '../../test/support/fake-key-value-store';
import type { EdgeRedirect } from '../lib/redirect-edge';
import { keyValueStoreClient, sdkKeyValueStore, writeEdgeRedirect } from './key-value-store';

const fixed = (redirect: EdgeRedirect | undefined) => async () => redirect;

describe('mirroring a redirection into the key value store', () => {
  it('puts the target and status as the edge function reads them', async () => {
    const { api, data } = fakeKeyValueStore();
    await writeEdgeRedirect(api, 'learn.example.com/old', fixed({ to: '/new', statusCode: 302 }));
    expect(JSON.parse(data.get('learn.example.com/old')!)).toEqual({ to: '/new', status: 302 });
  });

  it('retries when another writer changed the store in between', async () => {
    const { api, data } = fakeKeyValueStore({ conflicts: 2 });
    await writeEdgeRedirect(api, 'k', fixed({ to: '/x', statusCode: 301 }));
    expect(data.has('k')).toBe(true);
  });

  it('gives up after five conflicts', async () => {
    const { api } = fakeKeyValueStore({ conflicts: 10 });
    await expect(writeEdgeRedirect(api, 'k', fixed({ to: '/x', statusCode: 301 }))).rejects.toThrow('stale');
  });

  it('deletes a removed redirection, and a key already gone is fine', async () => {
    const { api, data } = fakeKeyValueStore();
    await writeEdgeRedirect(api, 'k', fixed({ to: '/x', statusCode: 301 }));
    await writeEdgeRedirect(api, 'k', fixed(undefined));
    expect(data.has('k')).toBe(false);
    await expect(writeEdgeRedirect(api, 'k', fixed(undefined))).resolves.toBeUndefined();
  });

  it('reads the table after the ETag: a writer that came between makes it read the table again', async () => {
    // Prepare: the table moves from /first to /second while the first attempt is in flight, and the
    // writer of /second gets to the store first.
    let table: EdgeRedirect = { to: '/first', statusCode: 301 };
    let raced = false;
    const store = fakeKeyValueStore({
      beforeWrite: async () => {
        if (raced) return;
        raced = true;
        table = { to: '/second', statusCode: 301 };
        store.externalWrite('k', JSON.stringify({ to: '/second', status: 301 }));
      },
    });

    // Act
    await writeEdgeRedirect(store.api, 'k', async () => table);

    // Assess: the older state never overwrote the newer one
    expect(JSON.parse(store.data.get('k')!)).toEqual({ to: '/second', status: 301 });
    expect(store.calls.put).toBe(2);
  });
});

interface SentRequest {
  method: string;
  hostname: string;
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
}

describe('the KeyValueStore adapter over the real SDK client (fake transport)', () => {
  const arn = 'arn:aws:cloudfront::123456789012:key-value-store/7f3a2c1e-1111-2222-3333-444455556666';

  async function recordingStore(answer?: (request: SentRequest) => Record<string, unknown> | undefined) {
    const requests: SentRequest[] = [];
    const client = await keyValueStoreClient({
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: SentRequest) => {
          requests.push(request);
          const body =
            answer?.(request) ??
            (request.method === 'GET'
              ? { KvsARN: arn, Created: 1_700_000_000, ItemCount: 1, TotalSizeInBytes: 10 }
              : { ItemCount: 1, TotalSizeInBytes: 10 });
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

  it('lists every key page by page, and sends puts and deletes as one conditional UpdateKeys', async () => {
    // Prepare: two pages of keys
    const { store, requests } = await recordingStore((request) => {
      if (request.method !== 'GET') return undefined;
      return request.query?.NextToken
        ? { Items: [{ Key: 'b.example/y', Value: '{"to":"/2","status":302}' }] }
        : { Items: [{ Key: 'a.example/x', Value: '{"to":"/1","status":301}' }], NextToken: 'page-2' };
    });

    // Act
    const listed = await store.list();
    const etag = await store.update(
      { puts: [{ key: 'a.example/new', value: '{"to":"/n","status":301}' }], deletes: ['b.example/y'] },
      'ETAG-1',
    );

    // Assess
    expect([...listed]).toEqual([
      ['a.example/x', '{"to":"/1","status":301}'],
      ['b.example/y', '{"to":"/2","status":302}'],
    ]);
    expect(requests.map((r) => [r.method, r.query?.NextToken ?? null])).toEqual([
      ['GET', null],
      ['GET', 'page-2'],
      ['POST', null],
    ]);
    const update = requests[2]!;
    expect(decodeURIComponent(update.path)).toBe(`/key-value-stores/${arn}/keys`);
    expect(update.headers['if-match']).toBe('ETAG-1');
    expect(JSON.parse(update.body!)).toEqual({
      Puts: [{ Key: 'a.example/new', Value: '{"to":"/n","status":301}' }],
      Deletes: [{ Key: 'b.example/y' }],
    });
    expect(etag).toBe('ETAG-2');
  });
});
