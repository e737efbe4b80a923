import * as z from 'zod';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity, type PrimaryKey } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';

const throttleKinds = ['account', 'address', 'callbackAddress', 'callbackContact'] as const;
export type ThrottleKind = (typeof throttleKinds)[number];

/**
 * Attempts of an account or an address in a window (failed sign-ins; callback requests): written only by the conditional
 * updates below (ADD, open a window), never put whole, so the kind and value are known from the key.
 */
const throttles = defineEntity({
  name: 'throttle',
  schema: z.object({
    kind: z.enum(throttleKinds),
    value: z.string(),
    failures: z.number(),
    windowEndsMs: z.number(),
  }),
  keyAttributes: ['kind', 'value'],
  key: (tenant, throttle) => keys.throttle(tenant, throttle.kind, throttle.value),
});

/** Failed attempts in the current window; the window starts at the first failure. */
export async function getFailures(tenant: string, kind: ThrottleKind, value: string, now = Date.now()) {
  const throttle = await throttles.get(tenant, { kind, value });
  if (!throttle || throttle.windowEndsMs <= now) return { failures: 0, windowEndsMs: now };
  return { failures: throttle.failures, windowEndsMs: throttle.windowEndsMs };
}

/** A new window holding one count: written only where no window is open (absent or ended). */
async function openWindow(key: PrimaryKey, now: number, windowMs: number) {
  const windowEndsMs = now + windowMs;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET failures = :one, windowEndsMs = :ends, expiresAt = :ttl, entity = :entity',
      ConditionExpression: 'attribute_not_exists(pk) OR windowEndsMs <= :now',
      ExpressionAttributeValues: {
        ':one': 1,
        ':ends': windowEndsMs,
        ':ttl': Math.ceil(windowEndsMs / 1000),
        ':now': now,
        ':entity': 'throttle',
      },
    }),
  );
}

/** Counts one failure atomically (ADD), opening a new window when the old one has ended. */
export async function recordFailure(tenant: string, kind: ThrottleKind, value: string, windowMs: number) {
  await claimAttempt(tenant, kind, value, Number.POSITIVE_INFINITY, windowMs);
}

export type AttemptClaim = { claimed: true } | { claimed: false; windowEndsMs: number };

/**
 * Claims one attempt in the current window if it holds fewer than `max`: the check and the count are one
 * conditional write, so however many requests race, at most `max` claims succeed per window. A window
 * opens with its first claim and lasts `windowMs`; racing openers are settled by the same condition (the
 * loser counts in the window the winner opened).
 */
export async function claimAttempt(
  tenant: string,
  kind: ThrottleKind,
  value: string,
  max: number,
  windowMs: number,
): Promise<AttemptClaim> {
  const key = throttles.key(tenant, { kind, value });
  for (;;) {
    const now = Date.now();
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD failures :one',
          ConditionExpression: 'windowEndsMs > :now AND failures < :max',
          ExpressionAttributeValues: {
            ':one': 1,
            ':now': now,
            ':max': Number.isFinite(max) ? max : Number.MAX_SAFE_INTEGER,
          },
        }),
      );
      return { claimed: true };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    // Either the open window is full, or there is no open window.
    const current = await getFailures(tenant, kind, value, now);
    if (current.failures >= max) return { claimed: false, windowEndsMs: current.windowEndsMs };
    if (current.failures > 0) continue; // a window opened (or had room again) meanwhile
    try {
      await openWindow(key, now, windowMs);
      return { claimed: true };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another request opened the window first: count in it.
    }
  }
}

export async function clearFailures(tenant: string, kind: ThrottleKind, value: string) {
  await throttles.remove(tenant, { kind, value });
}
