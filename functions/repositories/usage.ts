import type { UsageCharge, UsageKind, UsageLimits } from '../../shared/learning/usage';
import { DeleteCommand, db, GetCommand, PutCommand, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { isConditionalCheckFailure } from '../table/items';
import type { TransactItem } from '../table/transactions';

/**
 * Usage: one counters item per user and month (ADD on the kind, conditional on the limit, so concurrent
 * increments serialise on the item and never pass the limit), a marker per item already counted in the
 * month (kept by TTL), the user's learning-platform access flag, and the tenant's limits.
 */
export type Counters = Record<UsageKind, number>;

const zero: Counters = { slideViews: 0, quizAttempts: 0, videoWatches: 0 };

function countersOf(item: Record<string, unknown> | undefined): Counters {
  return {
    slideViews: Number(item?.slideViews ?? 0),
    quizAttempts: Number(item?.quizAttempts ?? 0),
    videoWatches: Number(item?.videoWatches ?? 0),
  };
}

export async function getCounters(tenant: string, userId: string, period: string): Promise<Counters> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.usageCounters(tenant, userId, period),
      ConsistentRead: true,
    }),
  );
  return Item ? countersOf(Item) : { ...zero };
}

export type IncrementResult = { outcome: 'counted' | 'repeat'; counters: Counters } | { outcome: 'limit' };

/**
 * Counts one use of `kind`. With a limit, the update only applies while the count is below it. With an
 * item key, an item already counted this month is not counted again ('repeat').
 */
export async function incrementUsage(
  tenant: string,
  userId: string,
  input: {
    period: string;
    kind: UsageKind;
    limit: number | null;
    itemKey?: string | undefined;
    /** Epoch seconds after which the item marker may go (the month is over). */
    markerExpiresAt: number;
  },
): Promise<IncrementResult> {
  const { period, kind, limit, itemKey } = input;
  if (limit !== null && limit <= 0) return { outcome: 'limit' };
  const marker = itemKey ? keys.usageItem(tenant, userId, period, kind, itemKey) : undefined;
  if (marker) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...marker, entity: 'usageItem', expiresAt: input.markerExpiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      return { outcome: 'repeat', counters: await getCounters(tenant, userId, period) };
    }
  }
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.usageCounters(tenant, userId, period),
        UpdateExpression: 'ADD #kind :one SET entity = :entity, #user = :user, period = :period',
        ExpressionAttributeNames: { '#kind': kind, '#user': 'user' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':entity': 'usage',
          ':user': userId,
          ':period': period,
          ...(limit === null ? {} : { ':limit': limit }),
        },
        ...(limit === null ? {} : { ConditionExpression: 'attribute_not_exists(#kind) OR #kind < :limit' }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { outcome: 'counted', counters: countersOf(Attributes) };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Not counted, so the item may be counted later (next month, or after an upgrade).
    if (marker) await db().send(new DeleteCommand({ TableName: tableName(), Key: marker }));
    return { outcome: 'limit' };
  }
}

/** The charges whose item was already counted this month (their marker exists): repeats are free. */
export async function alreadyCounted(
  tenant: string,
  userId: string,
  period: string,
  charges: readonly UsageCharge[],
): Promise<Set<UsageCharge>> {
  const withItem = charges.filter((charge) => charge.itemKey);
  if (withItem.length === 0) return new Set();
  const markerOf = (charge: UsageCharge) =>
    keys.usageItem(tenant, userId, period, charge.kind, charge.itemKey!);
  const items = await batchGetItems(withItem.map(markerOf), { consistentRead: true });
  const found = new Set(items.map((item) => `${item.pk}|${item.sk}`));
  return new Set(
    withItem.filter((charge) => {
      const key = markerOf(charge);
      return found.has(`${key.pk}|${key.sk}`);
    }),
  );
}

/**
 * The writes that count `charges` inside a caller's transaction (so the use is counted exactly when the
 * thing used is stored): one marker per item, on condition that it is new, and ONE update of the month's
 * counters that adds every kind and, with limits, holds only while each count stays within its limit.
 * That update is the check and the count at once, so concurrent calls serialise on the counters item and
 * can never pass a limit. Charges must already leave out items counted before (see alreadyCounted), and
 * a charge larger than a limit on its own must be refused before (see overLimit).
 */
export function chargeWrites(
  tenant: string,
  userId: string,
  input: {
    period: string;
    charges: readonly UsageCharge[];
    limits: UsageLimits | null;
    /** Epoch seconds after which the item markers may go (the month is over). */
    markerExpiresAt: number;
  },
): { items: TransactItem[]; counterIndex: number } {
  const { period, charges, limits } = input;
  const markers: TransactItem[] = charges
    .filter((charge) => charge.itemKey)
    .map((charge) => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.usageItem(tenant, userId, period, charge.kind, charge.itemKey!),
          entity: 'usageItem',
          expiresAt: input.markerExpiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }));
  const perKind = new Map<UsageKind, number>();
  for (const charge of charges) perKind.set(charge.kind, (perKind.get(charge.kind) ?? 0) + 1);
  const kinds = [...perKind.keys()];
  const names: Record<string, string> = { '#user': 'user' };
  const values: Record<string, unknown> = { ':entity': 'usage', ':user': userId, ':period': period };
  const conditions: string[] = [];
  kinds.forEach((kind, i) => {
    names[`#k${i}`] = kind;
    values[`:n${i}`] = perKind.get(kind);
    if (limits) {
      // After adding n the count is at most the limit: the count now is at most limit - n.
      values[`:max${i}`] = limits[kind] - perKind.get(kind)!;
      conditions.push(`(attribute_not_exists(#k${i}) OR #k${i} <= :max${i})`);
    }
  });
  const counter: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.usageCounters(tenant, userId, period),
      UpdateExpression: `ADD ${kinds.map((_, i) => `#k${i} :n${i}`).join(', ')} SET entity = :entity, #user = :user, period = :period`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  };
  return { items: [...markers, counter], counterIndex: markers.length };
}

export async function getLpAccess(tenant: string, userId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.usageAccess(tenant, userId) }),
  );
  return Item?.lpAccess === true;
}

export async function setLpAccess(
  tenant: string,
  userId: string,
  lpAccess: boolean,
  by: string,
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.usageAccess(tenant, userId),
        entity: 'usageAccess',
        lpAccess,
        updatedBy: by,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
}

export async function getTenantUsageLimits(tenant: string): Promise<Partial<UsageLimits>> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.usageSettings(tenant) }),
  );
  return (Item?.limits as Partial<UsageLimits> | undefined) ?? {};
}

export async function putTenantUsageLimits(tenant: string, limits: UsageLimits): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.usageSettings(tenant),
        entity: 'usageSettings',
        limits,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
}
