import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { db, tableName, UpdateCommand } from '../lib/db';
import { logger } from '../lib/logger';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure, writtenIf } from '../table/items';

/** A claim outlives every redelivery (the bus retries for two hours, the stream replays a day at most). */
const CLAIM_TTL_SECONDS = 7 * 24 * 3600;

/**
 * One consumer's claim on one event: IN_PROGRESS, then COMPLETED by its holder's token, or FAILED when its
 * holder gave it back; `attempts` counts the deliveries that took it (a retry is an attempt after the first).
 */
const eventClaims = defineEntity({
  name: 'eventClaim',
  schema: z.object({
    consumer: z.string(),
    eventId: z.string(),
    status: z.enum(['IN_PROGRESS', 'COMPLETED', 'FAILED']),
    token: z.string(),
    claimedAt: z.string(),
    /** Epoch milliseconds: an IN_PROGRESS claim lapses then (a completed one has none). */
    inProgressUntil: z.number().optional(),
    completedAt: z.string().optional(),
    attempts: z.number().int().optional(),
  }),
  keyAttributes: ['consumer', 'eventId'],
  key: (tenant, claim) => keys.eventClaim(tenant, claim.consumer, claim.eventId),
  expiresAt: (claim) => Math.ceil(Date.parse(claim.claimedAt) / 1000) + CLAIM_TTL_SECONDS,
});

/** A claim taken: its holder's token, and which delivery of the event this is (1 for the first). */
export interface EventClaim {
  token: string;
  attempt: number;
}

/**
 * Claims one event for one consumer before its side effect, as Powertools' idempotency utility does: a
 * conditional write on the event id, IN_PROGRESS until `completeEvent`. A claim given back (FAILED) can be
 * taken again, and so can an IN_PROGRESS one that lapsed at `until` (the invocation's deadline: its consumer
 * died half-way); each taking counts one attempt, in the same write. Answers the claim, or undefined when
 * another delivery has the event or has handled it.
 */
export async function claimEvent(
  tenant: string,
  consumer: string,
  eventId: string,
  until: number,
): Promise<EventClaim | undefined> {
  const token = randomUUID();
  const now = Date.now();
  const { pk, sk, ...attributes } = eventClaims.item(tenant, {
    consumer,
    eventId,
    status: 'IN_PROGRESS',
    token,
    claimedAt: new Date(now).toISOString(),
    inProgressUntil: until,
  });
  const entries = Object.entries(attributes);
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :a${i}`).join(', ')} REMOVE completedAt ADD attempts :one`,
        ConditionExpression:
          'attribute_not_exists(pk) OR #status = :failed OR (#status = :inProgress AND inProgressUntil < :now)',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':failed': 'FAILED',
          ':inProgress': 'IN_PROGRESS',
          ':now': now,
          ...Object.fromEntries(entries.map(([, value], i) => [`:a${i}`, value])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { token, attempt: eventClaims.parse(Attributes ?? {}).attempts ?? 1 };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** The condition of every write to a claim after it is taken: only its holder (the claim's token) may. */
const holderCondition = (token: string) => ({
  ConditionExpression: '#token = :token',
  ExpressionAttributeNames: { '#token': 'token' },
  ExpressionAttributeValues: { ':token': token },
});

/** False when the claim is no longer the holder's (it lapsed and another delivery took it, or it is gone). */
async function asHolder(write: () => Promise<unknown>): Promise<boolean> {
  return writtenIf(write());
}

/** The side effect is done: every later delivery of the event is passed over. */
export async function completeEvent(
  tenant: string,
  consumer: string,
  eventId: string,
  token: string,
): Promise<void> {
  const holder = holderCondition(token);
  const completed = await asHolder(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventClaims.key(tenant, { consumer, eventId }),
        UpdateExpression: 'SET #status = :completed, completedAt = :now REMOVE inProgressUntil',
        ConditionExpression: holder.ConditionExpression,
        ExpressionAttributeNames: { ...holder.ExpressionAttributeNames, '#status': 'status' },
        ExpressionAttributeValues: {
          ...holder.ExpressionAttributeValues,
          ':completed': 'COMPLETED',
          ':now': new Date().toISOString(),
        },
      }),
    ),
  );
  // The claim lapsed (the work outran the deadline) and another delivery took it: the work is done here.
  if (!completed) logger.warn('Event claim lapsed before its work finished', { tenant, consumer, eventId });
}

/**
 * Gives a claim back when its side effect failed, so the retry can act: FAILED, keeping its count of
 * attempts. Only the claim's holder can.
 */
export async function releaseEvent(
  tenant: string,
  consumer: string,
  eventId: string,
  token: string,
): Promise<void> {
  const holder = holderCondition(token);
  await asHolder(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventClaims.key(tenant, { consumer, eventId }),
        UpdateExpression: 'SET #status = :failed REMOVE inProgressUntil',
        ConditionExpression: holder.ConditionExpression,
        ExpressionAttributeNames: { ...holder.ExpressionAttributeNames, '#status': 'status' },
        ExpressionAttributeValues: { ...holder.ExpressionAttributeValues, ':failed': 'FAILED' },
      }),
    ),
  );
}

/** The claim store the event pipeline uses (a unit test of a consumer gives it one in memory). */
export interface EventClaims {
  claim: typeof claimEvent;
  complete: typeof completeEvent;
  release: typeof releaseEvent;
}

export const tableEventClaims: EventClaims = {
  claim: claimEvent,
  complete: completeEvent,
  release: releaseEvent,
};
