import type { Onboarding } from '../../shared/schemas/learning-data';
import { db, GetCommand, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

/** One onboarding record per user, under the user (its `_id` is the user's id). */
export async function getOnboarding(tenant: string, userId: string): Promise<Onboarding | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.onboarding(tenant, userId) }),
  );
  return Item ? stripKeys<Onboarding>(Item) : undefined;
}

export async function putOnboarding(tenant: string, onboarding: Onboarding): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.onboarding(tenant, onboarding.userId), entity: 'onboarding', ...onboarding },
    }),
  );
}
