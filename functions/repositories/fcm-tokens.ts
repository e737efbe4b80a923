import { createHash } from 'node:crypto';
import { DeleteCommand, db, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure } from '../table/items';

/** The id is derived from the token, so registering the same device twice keeps one record. */
export function fcmTokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}

export async function putFcmToken(
  tenant: string,
  userId: string,
  token: string,
  device?: string,
): Promise<string> {
  const id = fcmTokenId(token);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.fcmToken(tenant, userId, id),
        entity: 'fcmToken',
        _id: id,
        token,
        device,
        createdAt: new Date().toISOString(),
      },
    }),
  );
  return id;
}

/** Deletes only the caller's own token; false when there is none with that id. */
export async function deleteFcmToken(tenant: string, userId: string, id: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.fcmToken(tenant, userId, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
