import type {
  CloudFrontKeyValueStoreClient,
  CloudFrontKeyValueStoreClientConfig,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { EdgeRedirect } from '../lib/redirect-edge';

/** The few KeyValueStore calls the edge writer makes (the SDK client in production, a fake in tests). */
export interface KeyValueStoreApi {
  etag(): Promise<string>;
  put(key: string, value: string, etag: string): Promise<void>;
  delete(key: string, etag: string): Promise<void>;
  /** Every key and its value. */
  list(): Promise<Map<string, string>>;
  /** Puts and deletes at once, all or nothing (at most UPDATE_BATCH keys); answers the new ETag. */
  update(
    changes: { puts: Array<{ key: string; value: string }>; deletes: string[] },
    etag: string,
  ): Promise<string>;
}

/** Keys per UpdateKeys call (the service's limit on one batch). */
export const UPDATE_BATCH = 50;

export const MAX_ATTEMPTS = 5;

/** A redirect as the edge function reads it (infra/cloud/edge-routing.js). */
export function edgeValue(redirect: EdgeRedirect): string {
  return JSON.stringify({ to: redirect.to, status: redirect.statusCode });
}

export function isConflict(error: unknown): boolean {
  return (error as { name?: string }).name === 'ConflictException';
}

/**
 * Writes one key to what `desired` reads from the table. Writes are conditional on the store's ETag,
 * read BEFORE the table: a writer that changes the store after that read makes this write a conflict,
 * and the next attempt reads the table again, so two writers racing on one path (two quick edits, an
 * event delivered late) end with the table's latest state, never an older one. Deleting a key that is not
 * there is done already.
 */
export async function writeEdgeRedirect(
  api: KeyValueStoreApi,
  key: string,
  desired: () => Promise<EdgeRedirect | undefined>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const etag = await api.etag();
    const redirect = await desired();
    try {
      if (redirect) await api.put(key, edgeValue(redirect), etag);
      else await api.delete(key, etag);
      return;
    } catch (error) {
      if (!redirect && (error as { name?: string }).name === 'ResourceNotFoundException') return;
      if (!isConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

/**
 * The KeyValueStore client. Its API is signed with SigV4a; the client takes the JS signer as its signer
 * constructor instead of looking for one registered in its own copy of @smithy/signature-v4, so only the
 * signer is bundled and the client itself is the Lambda runtime's.
 */
export async function keyValueStoreClient(
  config: CloudFrontKeyValueStoreClientConfig = {},
): Promise<CloudFrontKeyValueStoreClient> {
  const [{ SignatureV4a }, kvs] = await Promise.all([
    import('@aws-sdk/signature-v4a'),
    import('@aws-sdk/client-cloudfront-keyvaluestore'),
  ]);
  return new kvs.CloudFrontKeyValueStoreClient({
    region: 'us-east-1',
    signerConstructor: SignatureV4a,
    ...config,
  });
}

/** The production API over @aws-sdk/client-cloudfront-keyvaluestore (global endpoint). */
export async function sdkKeyValueStore(
  arn: string,
  client?: CloudFrontKeyValueStoreClient,
): Promise<KeyValueStoreApi> {
  const kvs = await import('@aws-sdk/client-cloudfront-keyvaluestore');
  const store = client ?? (await keyValueStoreClient());
  return {
    async etag() {
      const { ETag } = await store.send(new kvs.DescribeKeyValueStoreCommand({ KvsARN: arn }));
      if (!ETag) throw new Error('The key value store answered without an ETag');
      return ETag;
    },
    async put(key, value, etag) {
      await store.send(new kvs.PutKeyCommand({ KvsARN: arn, Key: key, Value: value, IfMatch: etag }));
    },
    async delete(key, etag) {
      await store.send(new kvs.DeleteKeyCommand({ KvsARN: arn, Key: key, IfMatch: etag }));
    },
    async list() {
      const items = new Map<string, string>();
      let NextToken: string | undefined;
      do {
        const page = await store.send(new kvs.ListKeysCommand({ KvsARN: arn, NextToken, MaxResults: 50 }));
        for (const item of page.Items ?? []) if (item.Key) items.set(item.Key, item.Value ?? '');
        NextToken = page.NextToken;
      } while (NextToken);
      return items;
    },
    async update({ puts, deletes }, etag) {
      const { ETag } = await store.send(
        new kvs.UpdateKeysCommand({
          KvsARN: arn,
          IfMatch: etag,
          Puts: puts.map(({ key, value }) => ({ Key: key, Value: value })),
          Deletes: deletes.map((key) => ({ Key: key })),
        }),
      );
      if (!ETag) throw new Error('The key value store answered without an ETag');
      return ETag;
    },
  };
}
