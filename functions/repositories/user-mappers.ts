import * as z from 'zod';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { setUserMapperId } from './users';

/** A parent's user-mapper: the accounts (the parent's own and their children's) they may switch between. */
const userMapperRecordSchema = z.object({
  _id: z.string(),
  /** The parent, who acts for the other accounts (older mappers: absent, the first account is the parent). */
  parentId: z.string().optional(),
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
