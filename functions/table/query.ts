import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, QueryCommand, ScanCommand, tableName } from '../lib/db';

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit' | 'Select'>;
type StoredItem = { [name: string]: unknown };

/** The most items one Query call is asked for: DynamoDB stops at 1 MB anyway. */
const READ_BATCH = 1_000;

/**
 * The items a query matches, page after page, as stored (key attributes included), up to `limit` (all of
 * them when omitted). This is the table's one LastEvaluatedKey loop for reading items.
 */
export async function queryItems(
  input: QueryInput,
  limit?: number,
  startKey?: StoredItem,
): Promise<StoredItem[]> {
  const found: StoredItem[] = [];
  let next = startKey;
  do {
    const wanted = limit === undefined ? READ_BATCH : Math.min(limit - found.length, READ_BATCH);
    if (wanted <= 0) break;
    const page = await db().send(
      new QueryCommand({ ...input, TableName: tableName(), Limit: wanted, ExclusiveStartKey: next }),
    );
    found.push(...(page.Items ?? []));
    next = page.LastEvaluatedKey;
  } while (next);
  return found;
}

/**
 * Every item a Scan matches, page after page, as stored. A Scan reads the whole table: for one-off
 * migrations of data older code left, never on a request.
 */
export async function scanItems(
  input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<StoredItem[]> {
  const found: StoredItem[] = [];
  let next: StoredItem | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ ...input, TableName: tableName(), ExclusiveStartKey: next }),
    );
    found.push(...(page.Items ?? []));
    next = page.LastEvaluatedKey;
  } while (next);
  return found;
}

/** How many items a query matches (Select COUNT: no item is read out). */
export async function countItems(input: QueryInput): Promise<number> {
  const { ProjectionExpression: _unused, ...counted } = input;
  let count = 0;
  let next: StoredItem | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...counted, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: next }),
    );
    count += page.Count ?? 0;
    next = page.LastEvaluatedKey;
  } while (next);
  return count;
}

/**
 * The key where the item at `offset` starts, found by reading key attributes only, so skipping costs a
 * fraction of reading the items: undefined to start at the beginning, null when the query has fewer items.
 */
export async function skipItems(input: QueryInput, offset: number): Promise<StoredItem | undefined | null> {
  const keyNames = ['pk', 'sk', ...(input.IndexName ? [`${input.IndexName}pk`, `${input.IndexName}sk`] : [])];
  let remaining = offset;
  let next: StoredItem | undefined;
  while (remaining > 0) {
    const page = await db().send(
      new QueryCommand({
        ...input,
        TableName: tableName(),
        ProjectionExpression: keyNames.map((_, i) => `#key${i}`).join(', '),
        ExpressionAttributeNames: {
          ...input.ExpressionAttributeNames,
          ...Object.fromEntries(keyNames.map((name, i) => [`#key${i}`, name])),
        },
        Limit: Math.min(remaining, READ_BATCH),
        ExclusiveStartKey: next,
      }),
    );
    remaining -= page.Count ?? 0;
    next = page.LastEvaluatedKey;
    if (!next) return remaining > 0 ? null : undefined;
  }
  return next;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/** One page of a query by offset, and how many items the query matches in all. */
export async function queryPage(
  input: QueryInput,
  page: PageRequest,
): Promise<{ totalDocs: number; items: StoredItem[] }> {
  const totalDocs = await countItems(input);
  if (page.offset >= totalDocs) return { totalDocs, items: [] };
  const startKey = await skipItems(input, page.offset);
  if (startKey === null) return { totalDocs, items: [] };
  return { totalDocs, items: await queryItems(input, page.limit, startKey) };
}
