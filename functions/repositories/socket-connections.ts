import { randomUUID } from 'node:crypto';
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { waitingRoomUserKinds } from '../../shared/realtime/socket-events';
import { DeleteCommand, db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchWriteItems } from '../table/batch';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';

/**
 * API Gateway closes every WebSocket connection after 2 hours. $disconnect is delivered on a best-effort
 * basis only, so each item also carries a TTL past that limit, and reads leave out items of connections
 * that cannot be open any more (DynamoDB's TTL deletes within days, and DynamoDB Local never does).
 */
export const MAX_CONNECTION_MS = 2 * 60 * 60 * 1000;
const TTL_GRACE_SECONDS = 10 * 60;

const expiresAt = (record: { connectedAt: string }) =>
  Math.ceil((Date.parse(record.connectedAt) + MAX_CONNECTION_MS) / 1000) + TTL_GRACE_SECONDS;

function mayBeOpen(record: { connectedAt: string }, now: number): boolean {
  return Date.parse(record.connectedAt) + MAX_CONNECTION_MS > now;
}

/** An open connection, bound at $connect to its tenant and user (the authorizer's context). */
const socketConnections = defineEntity({
  name: 'socketConnection',
  schema: z.object({
    connectionId: z.string(),
    userId: z.string(),
    adminMode: z.boolean(),
    connectedAt: z.string(),
  }),
  keyAttributes: ['connectionId'],
  key: (tenant, connection) => keys.socketConnection(tenant, connection.connectionId),
  indexes: (tenant, connection) => ({
    gsi1pk: keys.userConnectionsIndex(tenant, connection.userId),
    gsi1sk: connection.connectionId,
  }),
  expiresAt,
});
export type SocketConnection = z.infer<typeof socketConnections.schema>;

/** What a connection can be registered to: a lesson's waiting room, a chat conversation, a lesson's meeting room. */
export const topicKinds = ['lesson', 'conversation', 'meetingRoom'] as const;
export type TopicKind = (typeof topicKinds)[number];

/**
 * A connection registered to a topic: one item per pair, in the topic's partition so that fan-out is one
 * consistent Query, and listed under the connection (gsi1) so that it goes with the connection.
 */
const socketRegistrations = defineEntity({
  name: 'socketRegistration',
  schema: z.object({
    kind: z.enum(topicKinds),
    topicId: z.string(),
    connectionId: z.string(),
    userId: z.string(),
    /** The user's part in a lesson's waiting room. */
    role: z.enum(waitingRoomUserKinds).optional(),
    registeredAt: z.string(),
    /** The connection's, for its lifetime. */
    connectedAt: z.string(),
  }),
  keyAttributes: ['kind', 'topicId', 'connectionId'],
  key: (tenant, registration) => ({
    pk: keys.socketTopic(tenant, registration.kind, registration.topicId),
    sk: registration.connectionId,
  }),
  indexes: (tenant, registration) => ({
    gsi1pk: keys.connectionTopicsIndex(tenant, registration.connectionId),
    gsi1sk: `${registration.kind}#${registration.topicId}`,
  }),
  expiresAt,
});
export type SocketRegistration = z.infer<typeof socketRegistrations.schema>;
export type TopicRef = Pick<SocketRegistration, 'kind' | 'topicId'>;

/** How long a broadcast claim holds when its holder dies before letting it go (renewed at each round). */
const BROADCAST_LEASE_SECONDS = 10;

/**
 * A topic's broadcast in progress (see functions/realtime/coalesced-broadcast.ts): held by the one
 * invocation that tells the topic, round after round, while changes keep coming; a change made while it is
 * held counts itself in `pending` instead of telling the topic itself.
 */
const topicBroadcasts = defineEntity({
  name: 'socketTopicBroadcast',
  schema: z.object({
    kind: z.enum(topicKinds),
    topicId: z.string(),
    /** What is broadcast (a room's people, its meeting): each kind has its own claim and tells its own. */
    message: z.string(),
    /** The holder's own id: a holder whose lease ran out and was taken over stops. */
    holder: z.string(),
    claimedAt: z.string(),
    /** Changes made since the holder's last round began (each tells the holder with ADD 1). */
    pending: z.number().int().nonnegative(),
  }),
  keyAttributes: ['kind', 'topicId', 'message'],
  key: (tenant, broadcast) =>
    keys.socketTopicBroadcast(tenant, broadcast.kind, broadcast.topicId, broadcast.message),
  expiresAt: (broadcast) => leaseEnd(broadcast.claimedAt),
});

const leaseEnd = (claimedAt: string | Date) =>
  Math.ceil(new Date(claimedAt).getTime() / 1000) + BROADCAST_LEASE_SECONDS;

/** The answer to a claim: this caller now holds the broadcast, or the holder was told of its change. */
export type BroadcastClaim = { holder: string } | 'told the holder' | 'contended';

export const socketConnectionsRepository = {
  putConnection(tenant: string, connection: SocketConnection): Promise<void> {
    return socketConnections.put(tenant, connection);
  },

  getConnection(tenant: string, connectionId: string): Promise<SocketConnection | undefined> {
    return socketConnections.get(tenant, { connectionId }, { consistent: true });
  },

  /** The user's connections that may still be open (for pushes to one person). */
  async connectionsOfUser(tenant: string, userId: string, now = Date.now()): Promise<SocketConnection[]> {
    const found = await socketConnections.query({
      index: 'gsi1',
      partition: keys.userConnectionsIndex(tenant, userId),
    });
    return found.filter((connection) => mayBeOpen(connection, now));
  },

  /** Registers (again: the same pair is one item) the connection to the topic. */
  register(tenant: string, registration: SocketRegistration): Promise<void> {
    return socketRegistrations.put(tenant, registration);
  },

  unregister(tenant: string, topic: TopicRef, connectionId: string): Promise<void> {
    return socketRegistrations.remove(tenant, { ...topic, connectionId });
  },

  /** The registrations of a topic whose connections may still be open, oldest first. */
  async registrationsOf(tenant: string, topic: TopicRef, now = Date.now()): Promise<SocketRegistration[]> {
    const found = await socketRegistrations.query({
      partition: keys.socketTopic(tenant, topic.kind, topic.topicId),
      consistent: true,
    });
    return found
      .filter((registration) => mayBeOpen(registration, now))
      .sort((a, b) => a.registeredAt.localeCompare(b.registeredAt));
  },

  /**
   * Claims the topic's broadcast: `{ holder }` for the one caller that then tells the topic; while another
   * holds it, counts this caller's change in its `pending` ('told the holder': its next round reads the
   * change). A claim released or run out between the two tries again; 'contended' if that keeps happening.
   */
  async claimBroadcast(
    tenant: string,
    topic: TopicRef,
    message: string,
    now = new Date(),
  ): Promise<BroadcastClaim> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    for (let attempt = 0; attempt < 3; attempt++) {
      const holder = randomUUID();
      const claim = { ...topic, message, holder, claimedAt: now.toISOString(), pending: 0 };
      if (await writtenIf(topicBroadcasts.put(tenant, claim, { absentOrExpiredBefore: nowSeconds })))
        return { holder };
      const counted = writeBroadcast(tenant, topic, message, {
        UpdateExpression: 'ADD pending :one',
        ConditionExpression: 'attribute_exists(pk) AND expiresAt >= :now',
        ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds },
      });
      if (await writtenIf(counted)) return 'told the holder';
    }
    return 'contended';
  },

  /**
   * Begins the holder's next round: the changes counted so far are read by the broadcast that follows, so
   * `pending` starts again from 0, and the lease is renewed. False if the holder lost the claim.
   */
  beginBroadcastRound(tenant: string, topic: TopicRef, message: string, holder: string): Promise<boolean> {
    const now = new Date();
    return writtenIf(
      writeBroadcast(tenant, topic, message, {
        UpdateExpression: 'SET pending = :zero, claimedAt = :claimedAt, expiresAt = :expiresAt',
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':claimedAt': now.toISOString(),
          ':expiresAt': leaseEnd(now),
          ':holder': holder,
        },
      }),
    );
  },

  /**
   * Ends the holder's broadcast if no change came during its last round (true); false if one did (or the
   * claim is no longer the holder's), and the holder goes round again.
   */
  endBroadcast(tenant: string, topic: TopicRef, message: string, holder: string): Promise<boolean> {
    return writtenIf(
      deleteBroadcast(tenant, topic, message, 'holder = :holder AND pending = :zero', {
        ':holder': holder,
        ':zero': 0,
      }),
    );
  },

  /**
   * Lets the holder's claim go whatever came meanwhile (a holder out of time: it tells the topic once more
   * after); a claim taken over by another holder stays theirs.
   */
  async releaseBroadcast(tenant: string, topic: TopicRef, message: string, holder: string): Promise<void> {
    await writtenIf(deleteBroadcast(tenant, topic, message, 'holder = :holder', { ':holder': holder }));
  },

  /**
   * Removes a connection and every registration it holds ($disconnect, or a post answered 410 Gone);
   * answers the topics it was registered to, so that their other members can be told.
   */
  async removeConnection(tenant: string, connectionId: string): Promise<TopicRef[]> {
    const registrations = await socketRegistrations.query({
      index: 'gsi1',
      partition: keys.connectionTopicsIndex(tenant, connectionId),
    });
    await batchWriteItems([
      { DeleteRequest: { Key: socketConnections.key(tenant, { connectionId }) } },
      ...registrations.map((registration) => ({
        DeleteRequest: { Key: socketRegistrations.key(tenant, registration) },
      })),
    ]);
    return registrations.map(({ kind, topicId }) => ({ kind, topicId }));
  },

  /**
   * Removes a connection of a user's that answered 410 Gone, unless it may still be in its $connect: API
   * Gateway accepts posts to a connection only once $connect has returned, and answers 410 before, and a
   * push to a user's connections can reach one that is connecting. Removing it would leave it open and
   * deaf to every push until it reconnects, so one younger than $connect's limit is kept; if it is really
   * gone, its $disconnect or its TTL removes it. (connectedAt never changes, so reading it first is safe.)
   */
  async removeGoneUserConnection(
    tenant: string,
    connectionId: string,
    now = Date.now(),
  ): Promise<TopicRef[]> {
    const connection = await socketConnections.get(tenant, { connectionId }, { consistent: true });
    if (connection && Date.parse(connection.connectedAt) > now - CONNECT_LIMIT_MS) return [];
    return socketConnectionsRepository.removeConnection(tenant, connectionId);
  },
};

/** A conditional update of a topic's broadcast claim. */
function writeBroadcast(
  tenant: string,
  topic: TopicRef,
  message: string,
  update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues'>,
) {
  const Key = topicBroadcasts.key(tenant, { ...topic, message });
  return db().send(new UpdateCommand({ TableName: tableName(), Key, ...update }));
}

function deleteBroadcast(
  tenant: string,
  topic: TopicRef,
  message: string,
  condition: string,
  values: Record<string, string | number>,
) {
  const Key = topicBroadcasts.key(tenant, { ...topic, message });
  return db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key,
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
    }),
  );
}

/** API Gateway's limit on a $connect route's integration: a connection older than this is past its $connect. */
export const CONNECT_LIMIT_MS = 30_000;
