import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { tableName } from '../lib/db';
import { keys } from './access-patterns';
import { defineEntity } from './entity';
import type { TransactItem } from './transactions';

/**
 * A maintained count (a collection's size, the directory's students or tutors): one item per name under
 * the tenant's counters, moved by ADD in the transaction of the change it counts, read by key.
 */
export const counters = defineEntity({
  name: 'counter',
  schema: z.object({ name: z.string(), count: z.number() }),
  keyAttributes: ['name'],
  key: (tenant, counter) => keys.counter(tenant, counter.name),
});

/** Moves a count by `delta`, for the transaction of the change it counts. */
export function countWrite(tenant: string, name: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: counters.key(tenant, { name }),
      UpdateExpression: 'SET #name = :name, #entity = :entity ADD #count :delta',
      ExpressionAttributeNames: { '#name': 'name', '#entity': 'entity', '#count': 'count' },
      ExpressionAttributeValues: { ':name': name, ':entity': counters.name, ':delta': delta },
    },
  };
}

/** A count as kept (0 when nothing was counted yet). */
export async function readCount(tenant: string, name: string): Promise<number> {
  return (await counters.get(tenant, { name }))?.count ?? 0;
}
