import * as z from 'zod';
import { type UsageCharge, type UsageKind, type UsageLimits, usageKinds } from '../../shared/learning/usage';
import { usageCountersSchema } from '../../shared/schemas/learning-data';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import type { TransactItem } from '../table/transactions';

/**
 * Usage: one counters item per user and month (ADD on the kind, conditional on the limit, so concurrent
 * increments serialise on the item and never pass the limit), a marker per item already counted in the
 * month (kept by TTL), the user's learning-platform access flag, and the tenant's limits.
 */
export type Counters = Record<UsageKind, number>;

/** Written only by the ADD updates below: a kind not used yet this month has no count. */
const usageCounters = defineEntity({
  name: 'usage',
  schema: usageCountersSchema.partial({ slideViews: true, quizAttempts: true, videoWatches: true }),
  keyAttributes: ['user', 'period'],
  key: (tenant, counters) => keys.usageCounters(tenant, counters.user, counters.period),
});

/** An item counted this month (a page read, say): counting it again is free. */
const usageMarkers = defineEntity({
  name: 'usageItem',
  schema: z.object({
    userId: z.string(),
    period: z.string(),
    kind: z.enum(usageKinds),
    itemKey: z.string(),
    /** Epoch seconds after which the marker may go (the month is over). */
    keptUntil: z.number(),
  }),
  keyAttributes: ['userId', 'period', 'kind', 'itemKey'],
  key: (tenant, marker) => keys.usageItem(tenant, marker.userId, marker.period, marker.kind, marker.itemKey),
  expiresAt: (marker) => marker.keptUntil,
});

/** Whether a marker exists is read from its keys alone (markers stored before they kept attributes too). */
const markerKeySchema = z.object({ pk: z.string(), sk: z.string() });

/** A user's learning-platform access (unlimited use), set by an admin. */
const usageAccess = defineEntity({
  name: 'usageAccess',
  schema: z.object({
    userId: z.string(),
    lpAccess: z.boolean(),
    updatedBy: z.string(),
    updatedAt: z.string(),
  }),
  keyAttributes: ['userId'],
  key: (tenant, access) => keys.usageAccess(tenant, access.userId),
});

/** The tenant's free-plan limits: one item per tenant. */
const usageSettings = defineEntity({
  name: 'usageSettings',
  schema: z.object({ limits: z.record(z.enum(usageKinds), z.number()), updatedAt: z.string() }),
  keyAttributes: [],
  key: (tenant) => keys.usageSettings(tenant),
});

function countersOf(counters: Partial<Counters> | undefined): Counters {
  return {
    slideViews: counters?.slideViews ?? 0,
    quizAttempts: counters?.quizAttempts ?? 0,
    videoWatches: counters?.videoWatches ?? 0,
  };
}

export async function getCounters(tenant: string, userId: string, period: string): Promise<Counters> {
  return countersOf(await usageCounters.get(tenant, { user: userId, period }, { consistent: true }));
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
  const marker = itemKey ? { userId, period, kind, itemKey, keptUntil: input.markerExpiresAt } : undefined;
  if (marker) {
    try {
      await usageMarkers.put(tenant, marker, 'absent');
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      return { outcome: 'repeat', counters: await getCounters(tenant, userId, period) };
    }
  }
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: usageCounters.key(tenant, { user: userId, period }),
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
    return { outcome: 'counted', counters: countersOf(Attributes && usageCounters.parse(Attributes)) };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Not counted, so the item may be counted later (next month, or after an upgrade).
    if (marker) await usageMarkers.remove(tenant, marker);
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
    usageMarkers.key(tenant, { userId, period, kind: charge.kind, itemKey: charge.itemKey! });
  const items = await batchGetItems(withItem.map(markerOf), {
    attributes: ['pk', 'sk'],
    consistentRead: true,
  });
  const found = new Set(items.map((item) => markerKeySchema.parse(item)).map((key) => `${key.pk}|${key.sk}`));
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
    .map((charge) =>
      usageMarkers.putWrite(
        tenant,
        { userId, period, kind: charge.kind, itemKey: charge.itemKey!, keptUntil: input.markerExpiresAt },
        'absent',
      ),
    );
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
      Key: usageCounters.key(tenant, { user: userId, period }),
      UpdateExpression: `ADD ${kinds.map((_, i) => `#k${i} :n${i}`).join(', ')} SET entity = :entity, #user = :user, period = :period`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  };
  return { items: [...markers, counter], counterIndex: markers.length };
}

export async function getLpAccess(tenant: string, userId: string): Promise<boolean> {
  return (await usageAccess.get(tenant, { userId }))?.lpAccess === true;
}

/** Learning-platform access for a caller's transaction (a premium upgrade paid for, with its payment). */
export function lpAccessWrite(tenant: string, userId: string, by: string, at: string): TransactItem {
  return usageAccess.putWrite(tenant, { userId, lpAccess: true, updatedBy: by, updatedAt: at });
}

export function setLpAccess(tenant: string, userId: string, lpAccess: boolean, by: string): Promise<void> {
  return usageAccess.put(tenant, { userId, lpAccess, updatedBy: by, updatedAt: new Date().toISOString() });
}

export async function getTenantUsageLimits(tenant: string): Promise<Partial<UsageLimits>> {
  return (await usageSettings.get(tenant, {}))?.limits ?? {};
}

export function putTenantUsageLimits(tenant: string, limits: UsageLimits): Promise<void> {
  return usageSettings.put(tenant, { limits, updatedAt: new Date().toISOString() });
}
