import type { EdgeRedirect } from '../lib/redirect-edge';

/** The few KeyValueStore calls the edge writer makes (the SDK client in production, a fake in tests). */
export interface KeyValueStoreApi {
  etag(): Promise<string>;
  put(key: string, value: string, etag: string): Promise<void>;
  delete(key: string, etag: string): Promise<void>;
}

const MAX_ATTEMPTS = 5;

/**
 * Writes are conditional on the store's current ETag, so two writers racing get a conflict: each write
 * reads the ETag and retries a few times. Deleting a key that is not there is done already.
 */
export async function writeEdgeRedirect(
  api: KeyValueStoreApi,
  key: string,
  redirect: EdgeRedirect | undefined,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const etag = await api.etag();
    try {
      if (redirect)
        await api.put(key, JSON.stringify({ to: redirect.to, status: redirect.statusCode }), etag);
      else await api.delete(key, etag);
      return;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (!redirect && name === 'ResourceNotFoundException') return;
      if (name !== 'ConflictException' || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

/** The production API over @aws-sdk/client-cloudfront-keyvaluestore (SigV4a signing, global endpoint). */
export async function sdkKeyValueStore(arn: string): Promise<KeyValueStoreApi> {
  // The KeyValueStore API is signed with SigV4a; the JS signer registers itself when imported.
  await import('@aws-sdk/signature-v4a');
  const kvs = await import('@aws-sdk/client-cloudfront-keyvaluestore');
  const client = new kvs.CloudFrontKeyValueStoreClient({ region: 'us-east-1' });
  return {
    async etag() {
      const { ETag } = await client.send(new kvs.DescribeKeyValueStoreCommand({ KvsARN: arn }));
      if (!ETag) throw new Error('The key value store answered without an ETag');
      return ETag;
    },
    async put(key, value, etag) {
      await client.send(new kvs.PutKeyCommand({ KvsARN: arn, Key: key, Value: value, IfMatch: etag }));
    },
    async delete(key, etag) {
      await client.send(new kvs.DeleteKeyCommand({ KvsARN: arn, Key: key, IfMatch: etag }));
    },
  };
}
