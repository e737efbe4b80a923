import { db, GetCommand, PutCommand, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

/** A parent's user-mapper: the accounts (the parent's own and their children's) they may switch between. */
export interface UserMapperRecord {
  _id: string;
  /** The parent, who acts for the other accounts (older mappers: absent, the first account is the parent). */
  parentId?: string;
  userIds: string[];
  createdAt: string;
}

export async function getUserMapper(tenant: string, mapperId: string): Promise<UserMapperRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.userMapper(tenant, mapperId) }),
  );
  return Item ? stripKeys<UserMapperRecord>(Item) : undefined;
}

/** Creates the mapper and points each linked user at it. */
export async function putUserMapper(tenant: string, mapper: UserMapperRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.userMapper(tenant, mapper._id), entity: 'userMapper', ...mapper },
    }),
  );
  for (const userId of mapper.userIds) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(tenant, userId),
        UpdateExpression: 'SET userMapperId = :mapper',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':mapper': mapper._id },
      }),
    );
  }
}
