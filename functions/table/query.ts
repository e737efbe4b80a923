import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { stripKeys } from './items';

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * Every item a query matches, page after page, as stored (key attributes included: for jobs that rewrite
 * keys, and for partitions known to stay small).
 */
export async function queryItems(input: QueryInput): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    found.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** Every item a query matches, page after page, without the key attributes. */
export async function queryAll<T>(input: QueryInput): Promise<T[]> {
  return (await queryItems(input)).map((item) => stripKeys<T>(item));
}

/** Every item of one index partition. */
export function queryIndex<T>(
  index: 'gsi1' | 'gsi2',
  partition: string,
  projection?: readonly string[],
  sortKeyPrefix?: string,
): Promise<T[]> {
  const key = `${index}pk`;
  return queryAll<T>({
    IndexName: index,
    KeyConditionExpression: sortKeyPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ExpressionAttributeNames: {
      '#pk': key,
      ...(sortKeyPrefix ? { '#sk': `${index}sk` } : {}),
      ...Object.fromEntries((projection ?? []).map((name, i) => [`#p${i}`, name])),
    },
    ExpressionAttributeValues: { ':pk': partition, ...(sortKeyPrefix ? { ':prefix': sortKeyPrefix } : {}) },
    ...(projection?.length ? { ProjectionExpression: projection.map((_, i) => `#p${i}`).join(', ') } : {}),
  });
}
