import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure } from '../table/items';

/** The bus redelivers for at most a day; a claim is kept a week, then TTL tidies it. */
const CLAIM_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Claims one event for one consumer before its side effect (a conditional Put on the event id, as
 * Powertools' idempotency utility does): true for the first delivery, false for a redelivery.
 */
export async function claimEvent(tenant: string, consumer: string, eventId: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.eventClaim(tenant, consumer, eventId),
          entity: 'eventClaim',
          claimedAt: new Date().toISOString(),
          expiresAt: Math.ceil(Date.now() / 1000) + CLAIM_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives a claim back when its side effect failed, so the bus's retry can do it. */
export async function releaseEvent(tenant: string, consumer: string, eventId: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.eventClaim(tenant, consumer, eventId) }),
  );
}
