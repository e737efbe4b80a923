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
  };
}
