import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import type { AppError } from '../../shared/http/errors';
import { tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { linkUserWrite, setUserMapperId, type UserRecord } from './users';

/** A parent's user-mapper: the accounts (the parent's own and their children's) they may switch between. */
const userMapperRecordSchema = z.object({
  _id: z.string(),
  /** The parent, who acts for the other accounts (older mappers: absent, the first account is the parent). */
  parentId: z.optional(z.string()),
  userIds: z.array(z.string()),
  createdAt: z.string(),
});
export type UserMapperRecord = z.infer<typeof userMapperRecordSchema>;

const userMappers = defineEntity({
  name: 'userMapper',
  schema: userMapperRecordSchema,
  keyAttributes: ['_id'],
  key: (tenant, mapper) => keys.userMapper(tenant, mapper._id),
});

export function getUserMapper(tenant: string, mapperId: string): Promise<UserMapperRecord | undefined> {
  return userMappers.get(tenant, { _id: mapperId });
}

/** Creates the mapper and points each linked user at it. */
export async function putUserMapper(tenant: string, mapper: UserMapperRecord): Promise<void> {
  await userMappers.put(tenant, mapper);
  for (const userId of mapper.userIds) await setUserMapperId(tenant, userId, mapper._id);
}

/**
 * Links a parent to exactly `childIds` (an empty list unlinks them all), in one transaction: the mapper
 * written (or deleted), the parent on the condition that it is as read (two changes of one parent's links
 * cannot interleave), each new child on the condition that it is a live student pointing at no other
 * mapper (a child has one parent), each dropped child on the condition that it still points here.
 * `refused(reason)` turns a failed condition into the caller's error. Answers the accounts it changed.
 */
export async function linkChildren(
  tenant: string,
  parent: UserRecord,
  childIds: string[],
  refused: (reason: 'parentChanged' | 'childTaken') => AppError,
): Promise<string[]> {
  const existing = parent.userMapperId ? await getUserMapper(tenant, parent.userMapperId) : undefined;
  const mapperId = existing?._id ?? newId();
  const previous = (existing?.userIds ?? []).filter((id) => id !== parent._id);
  const wanted = [...new Set(childIds)];
  const added = wanted.filter((id) => !previous.includes(id));
  const dropped = previous.filter((id) => !wanted.includes(id));
  const now = new Date().toISOString();
  const parentWrite: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.user(tenant, parent._id),
      UpdateExpression:
        wanted.length > 0
          ? 'SET userMapperId = :mapper, updatedAt = :now'
          : 'REMOVE userMapperId SET updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
      ExpressionAttributeValues: {
        ':read': parent.updatedAt,
        ':now': now,
        ...(wanted.length > 0 ? { ':mapper': mapperId } : {}),
      },
    },
  };
  const items: TransactItem[] = [
    parentWrite,
    wanted.length > 0
      ? userMappers.putWrite(tenant, {
          _id: mapperId,
          parentId: parent._id,
          userIds: [parent._id, ...wanted],
          createdAt: existing?.createdAt ?? now,
        })
      : userMappers.deleteWrite(tenant, { _id: mapperId }),
    ...added.map((id) => linkUserWrite(tenant, id, { mapperId, type: 'student' })),
    ...dropped.map((id) => linkUserWrite(tenant, id, { unlinkFrom: mapperId })),
  ];
  await writeTransaction(items, (index) =>
    index >= 2 && index < 2 + added.length ? refused('childTaken') : refused('parentChanged'),
  );
  return [parent._id, ...added, ...dropped];
}
