import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';

export type ThrottleKind = 'account' | 'address';

/** Failed attempts in the current window; the window starts at the first failure. */
export async function getFailures(tenant: string, kind: ThrottleKind, value: string, now = Date.now()) {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.throttle(tenant, kind, value) }),
  );
  if (!Item || (Item.windowEndsMs as number) <= now) return { failures: 0, windowEndsMs: now };
  return { failures: Item.failures as number, windowEndsMs: Item.windowEndsMs as number };
}

/** Counts one failure atomically (ADD), opening a new window when the old one has ended. */
export async function recordFailure(tenant: string, kind: ThrottleKind, value: string, windowMs: number) {
  const now = Date.now();
  const key = keys.throttle(tenant, kind, value);
  const windowEndsMs = now + windowMs;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'windowEndsMs > :now',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      }),
    );
  } catch {
    // No open window (absent or ended): start a new one with this failure.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET failures = :one, windowEndsMs = :ends, expiresAt = :ttl, entity = :entity',
        ExpressionAttributeValues: {
          ':one': 1,
          ':ends': windowEndsMs,
          ':ttl': Math.ceil(windowEndsMs / 1000),
          ':entity': 'throttle',
        },
      }),
    );
  }
}

export async function clearFailures(tenant: string, kind: ThrottleKind, value: string) {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.throttle(tenant, kind, value) }));
}
