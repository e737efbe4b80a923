import { DeleteCommand, db, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure } from '../table/items';

/** Stored by hash: a leaked table cannot be used to reset passwords. Expiry is checked, TTL only tidies. */
export async function putPasswordReset(
  tenant: string,
  tokenHash: string,
  userId: string,
  expiresAtMs: number,
) {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.passwordReset(tenant, tokenHash),
        entity: 'passwordReset',
        userId,
        expiresAtMs,
        expiresAt: Math.ceil(expiresAtMs / 1000),
      },
    }),
  );
}

/**
 * Consumes the token: a conditional delete that succeeds once, for the user it was issued to, before it
 * expires. Two concurrent resets with one token give one success.
 */
export async function consumePasswordReset(
  tenant: string,
  tokenHash: string,
  userId: string,
): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.passwordReset(tenant, tokenHash),
        ConditionExpression: 'attribute_exists(pk) AND userId = :user AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':user': userId, ':now': Date.now() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
