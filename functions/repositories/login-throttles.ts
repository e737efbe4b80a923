import * as z from 'zod';
import { AppError, ConflictError } from '../../shared/http/errors';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity, type PrimaryKey } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';

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

type UpdateParams = NonNullable<TransactItem['Update']>;

/** One more count in the open window, written only while that window is open and holds fewer than `max`. */
function countInWindow(key: PrimaryKey, now: number, max: number): UpdateParams {
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'ADD failures :one',
    ConditionExpression: 'windowEndsMs > :now AND failures < :max',
    ExpressionAttributeValues: {
      ':one': 1,
      ':now': now,
      ':max': Number.isFinite(max) ? max : Number.MAX_SAFE_INTEGER,
    },
  };
}

/** A new window holding one count: written only where no window is open (absent or ended). */
function openWindow(key: PrimaryKey, now: number, windowMs: number): UpdateParams {
  const windowEndsMs = now + windowMs;
  return {
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
  };
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
      await db().send(new UpdateCommand(countInWindow(key, now, max)));
      return { claimed: true };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    // Either the open window is full, or there is no open window.
    const current = await getFailures(tenant, kind, value, now);
    if (current.failures >= max) return { claimed: false, windowEndsMs: current.windowEndsMs };
    if (current.failures > 0) continue; // a window opened (or had room again) meanwhile
    try {
      await db().send(new UpdateCommand(openWindow(key, now, windowMs)));
      return { claimed: true };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another request opened the window first: count in it.
    }
  }
}

/** One counter a request must find room in: at most `max` counts in its window. */
export interface AttemptCounter {
  kind: ThrottleKind;
  value: string;
  max: number;
}

/** A write of ours failed its condition: read the counters again and decide afresh. */
class CountersChanged extends AppError {
  constructor() {
    super(409, 'The throttle counters changed meanwhile');
  }
}

/** Each lost round means another request's claim landed, so a request is refused (full) long before this. */
const CLAIM_ROUNDS = 32;
const busyMessage = 'Too many requests at once. Please try again in a moment.';

/**
 * Claims one attempt in each counter and commits `alongside` (the record the attempt is for), all in one
 * transaction: the request is stored only if every counter had room, and a request refused by one counter
 * takes nothing from the others. The counters are read first (a full one refuses at once, with the latest
 * end among the full windows, when a retry can succeed); each write's condition then holds the limit
 * however many requests race, and a write that loses the race starts again from a fresh read.
 */
export async function claimAttemptsWith(
  tenant: string,
  counters: readonly AttemptCounter[],
  windowMs: number,
  alongside: readonly TransactItem[],
): Promise<AttemptClaim> {
  for (let round = 0; round < CLAIM_ROUNDS; round++) {
    const now = Date.now();
    const current = await Promise.all(
      counters.map(async (counter) => {
        const stored = await throttles.get(tenant, counter, { consistent: true });
        const open = stored !== undefined && stored.windowEndsMs > now;
        return {
          counter,
          open,
          failures: open ? stored.failures : 0,
          windowEndsMs: stored?.windowEndsMs ?? now,
        };
      }),
    );
    const full = current.filter(({ counter, failures }) => failures >= counter.max);
    if (full.length > 0) {
      return { claimed: false, windowEndsMs: Math.max(...full.map((state) => state.windowEndsMs)) };
    }
    const claims: TransactItem[] = current.map(({ counter, open }) => {
      const key = throttles.key(tenant, counter);
      return { Update: open ? countInWindow(key, now, counter.max) : openWindow(key, now, windowMs) };
    });
    try {
      await writeTransaction([...claims, ...alongside], () => new CountersChanged(), busyMessage);
      return { claimed: true };
    } catch (error) {
      if (!(error instanceof CountersChanged)) throw error;
    }
  }
  throw new ConflictError(busyMessage);
}

export async function clearFailures(tenant: string, kind: ThrottleKind, value: string) {
  await throttles.remove(tenant, { kind, value });
}
