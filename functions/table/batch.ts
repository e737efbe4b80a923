import type { BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, BatchWriteCommand, db, tableName } from '../lib/db';

type Key = Record<string, unknown>;
type WriteRequest = { PutRequest: { Item: Key } } | { DeleteRequest: { Key: Key } };

const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));

/** What to read of each item: only the named top-level attributes (all of them when omitted). */
export interface BatchGetOptions {
  attributes?: readonly string[];
  /** Read what every acknowledged write has left (a marker written a moment ago must be seen). */
  consistentRead?: boolean;
}

/**
 * Reads many items by key: 100 keys per call, all the calls in flight at once, unprocessed keys retried
 * with backoff. Missing items are simply absent from the answer. `attributes` becomes a
 * ProjectionExpression (names go through placeholders, so reserved words such as `status` work).
 */
export async function batchGetItems(
  itemKeys: Key[],
  options: BatchGetOptions = {},
): Promise<Array<Record<string, unknown>>> {
  const projection = options.attributes?.length
    ? {
        ProjectionExpression: options.attributes.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(options.attributes.map((name, i) => [`#a${i}`, name])),
      }
    : {};
  const consistency = options.consistentRead ? { ConsistentRead: true } : {};
  if (itemKeys.length === 0) return [];
  // As few calls as 100 keys a call allows, of even sizes (250 keys: 84 + 83 + 83), so they end together.
  const size = Math.ceil(itemKeys.length / Math.ceil(itemKeys.length / 100));
  const chunks: Key[][] = [];
  for (let i = 0; i < itemKeys.length; i += size) chunks.push(itemKeys.slice(i, i + size));
  const results = await Promise.all(
    chunks.map(async (chunk) => {
      const found: Array<Record<string, unknown>> = [];
      let keysLeft: Key[] | undefined = chunk;
      for (let attempt = 0; keysLeft?.length; attempt++) {
        if (attempt >= MAX_ATTEMPTS) throw new Error('DynamoDB kept keys unprocessed; giving up');
        if (attempt > 0) await pause(attempt);
        const result: BatchGetCommandOutput = await db().send(
          new BatchGetCommand({
            RequestItems: { [tableName()]: { Keys: keysLeft, ...projection, ...consistency } },
          }),
        );
        found.push(...(result.Responses?.[tableName()] ?? []));
        keysLeft = result.UnprocessedKeys?.[tableName()]?.Keys;
      }
      return found;
    }),
  );
  return results.flat();
}

/** Writes (puts and deletes) in batches of 25, retrying unprocessed ones. Not atomic: for derived items. */
export async function batchWriteItems(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: WriteRequest[] | undefined = requests.slice(i, i + 25);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('DynamoDB kept writes unprocessed; giving up');
      if (attempt > 0) await pause(attempt);
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = result.UnprocessedItems?.[tableName()] as WriteRequest[] | undefined;
    }
  }
}
