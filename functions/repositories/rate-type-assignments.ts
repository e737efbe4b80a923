import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import type { TransactItem } from '../table/transactions';

// Apart from rates.ts so that a user's or a course's writes don't load the rate schemas (and luxon with
// them) into the users and courses bundles: cold start (issue #15 item 9).

/**
 * The writes that move a rate type's count of what is assigned it (a student's one-to-one student type, a
 * group course's course type), for the assignment's own transaction: the type taken must exist and be
 * ACTIVE (an inactive type is no longer offered, though what holds it keeps it) and counts one more, the
 * type left counts one less ('' or absent: none). So a type is not deleted while assigned, and an
 * assignment never names a type deleted or taken off offer meanwhile.
 */
export function rateTypeAssignmentWrites(
  tenant: string,
  collection: string,
  before: string | undefined,
  after: string | undefined,
): TransactItem[] {
  if ((before ?? '') === (after ?? '')) return [];
  const now = new Date().toISOString();
  const take = (id: string): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.collectionItem(tenant, collection, id),
      UpdateExpression: 'ADD assigned :one SET updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':one': 1, ':now': now, ':active': 'ACTIVE' },
    },
  });
  const leave = (id: string): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.collectionItem(tenant, collection, id),
      UpdateExpression: 'ADD assigned :minusOne SET updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minusOne': -1, ':now': now },
    },
  });
  return [...(after ? [take(after)] : []), ...(before ? [leave(before)] : [])];
}
