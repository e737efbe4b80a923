import * as z from 'zod';
import {
  type ChatMessage,
  conversationKinds,
  MESSAGE_PAGE_SIZE,
  messageStatuses,
} from '../../shared/chat/schemas';
import { ConflictError } from '../../shared/http/errors';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';

/**
 * Chat's records (see access-patterns.ts): conversations, their messages in id order, each member's part
 * (the unseen count, moved only inside the transaction of the message or the seen that moves it), the
 * client keys that make a resend land once, and users' last-seen times.
 */

const conversations = defineEntity({
  name: 'chatConversation',
  schema: z.object({
    _id: z.string(),
    kind: z.enum(conversationKinds),
    courseId: z.string().optional(),
    /**
     * Who is in it: both users of a direct one, the user and the school of an admin one; a course's
     * people as of its last message (the course's members are the authority, read at each message).
     */
    memberIds: z.array(z.string()),
    createdAt: z.string(),
    lastMessageTime: z.string().optional(),
    lastMessage: z.string().optional(),
  }),
  keyAttributes: ['_id'],
  key: (tenant, conversation) => keys.conversation(tenant, conversation._id),
});
export type ConversationRecord = z.infer<typeof conversations.schema>;

const storedMessageSchema = z.object({
  _id: z.string(),
  conversation: z.string(),
  message: z.string(),
  sender: z.object({
    _id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    avatar: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** Each recipient's status by member id (a map, so one member's status moves by a conditional update). */
  status: z.record(z.string(), z.enum(messageStatuses)),
  clientId: z.string(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

const messages = defineEntity({
  name: 'chatMessage',
  schema: storedMessageSchema,
  keyAttributes: ['conversation', '_id'],
  key: (tenant, message) => ({
    pk: keys.conversationPartition(tenant, message.conversation),
    sk: `MSG#${message._id}`,
  }),
});

/** A client key already used: a resend is the same message. Kept a day, longer than any client retries. */
const CLIENT_KEY_TTL_SECONDS = 24 * 60 * 60;
const clientKeys = defineEntity({
  name: 'chatClientKey',
  schema: z.object({
    conversation: z.string(),
    senderId: z.string(),
    clientId: z.string(),
    messageId: z.string(),
    createdAt: z.string(),
  }),
  keyAttributes: ['conversation', 'senderId', 'clientId'],
  key: (tenant, key) => ({
    pk: keys.conversationPartition(tenant, key.conversation),
    sk: `CLIENTMSG#${key.senderId}#${key.clientId}`,
  }),
  expiresAt: (key) => Math.ceil(Date.parse(key.createdAt) / 1000) + CLIENT_KEY_TTL_SECONDS,
});

/** Written only through `memberUpdate` (an upsert that moves its count), read through this declaration. */
const members = defineEntity({
  name: 'chatMember',
  schema: z.object({
    memberId: z.string(),
    conversationId: z.string(),
    unSeenCount: z.number().int(),
    activeAt: z.string(),
  }),
  keyAttributes: ['memberId', 'conversationId'],
  key: (tenant, member) => keys.chatMember(tenant, member.memberId, member.conversationId),
});
export type ChatMemberRecord = z.infer<typeof members.schema>;

const presences = defineEntity({
  name: 'chatPresence',
  schema: z.object({ userId: z.string(), lastSeen: z.string() }),
  keyAttributes: ['userId'],
  key: (tenant, presence) => keys.chatPresence(tenant, presence.userId),
});

/**
 * A member's part, created if absent, its activity moved to `activeAt` (the conversation list's order) and
 * its unseen count by `delta` (0 for the sender). An ADD on an item, never a read and a write back.
 */
function memberUpdate(
  tenant: string,
  memberId: string,
  conversationId: string,
  activeAt: string,
  delta: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.chatMember(tenant, memberId, conversationId),
      UpdateExpression:
        'SET #entity = :entity, memberId = :member, conversationId = :conversation, activeAt = :at, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk ADD unSeenCount :delta',
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: {
        ':entity': members.name,
        ':member': memberId,
        ':conversation': conversationId,
        ':at': activeAt,
        ':gsi1pk': keys.memberConversationsIndex(tenant, memberId),
        ':gsi1sk': `${activeAt}#${conversationId}`,
        ':delta': delta,
      },
    },
  };
}

/** A message as clients see it: its status map as the contract's list. */
export function presentMessage(message: StoredMessage): ChatMessage {
  const { clientId: _clientId, status, ...rest } = message;
  return { ...rest, status: Object.entries(status).map(([user, value]) => ({ user, status: value })) };
}

/** DynamoDB takes 100 writes a transaction: the message, its client key, the conversation, then members. */
export const MAX_CONVERSATION_MEMBERS = 97;

export const chatRepository = {
  getConversation(tenant: string, conversationId: string): Promise<ConversationRecord | undefined> {
    return conversations.get(tenant, { _id: conversationId });
  },

  getConversations(tenant: string, conversationIds: string[]): Promise<ConversationRecord[]> {
    return conversations.getMany(
      tenant,
      conversationIds.map((_id) => ({ _id })),
    );
  },

  /**
   * Makes the conversation with its members' parts unless it is there (its id names it, so two starts at
   * once make one); answers the conversation as stored.
   */
  async ensureConversation(tenant: string, conversation: ConversationRecord): Promise<ConversationRecord> {
    try {
      await writeTransaction(
        [
          conversations.putWrite(tenant, conversation, 'absent'),
          ...conversation.memberIds.map((memberId) =>
            memberUpdate(tenant, memberId, conversation._id, conversation.createdAt, 0),
          ),
        ],
        () => new ConflictError('exists'),
      );
      return conversation;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const stored = await conversations.get(tenant, { _id: conversation._id }, { consistent: true });
      if (!stored) throw error;
      return stored;
    }
  },

  /** Adds a member's part to a conversation they belong to but have none of yet (a course's newcomer). */
  async joinConversation(tenant: string, memberId: string, conversation: ConversationRecord): Promise<void> {
    await writeTransaction(
      [
        memberUpdate(
          tenant,
          memberId,
          conversation._id,
          conversation.lastMessageTime ?? conversation.createdAt,
          0,
        ),
      ],
      () => new ConflictError('The chat is busy right now. Please try again in a moment.'),
    );
  },

  /** A member's conversations, most recently active first (at most `limit`). */
  memberConversations(tenant: string, memberId: string, limit = 200): Promise<ChatMemberRecord[]> {
    return members.query({
      index: 'gsi1',
      partition: keys.memberConversationsIndex(tenant, memberId),
      descending: true,
      limit,
    });
  },

  getMember(tenant: string, memberId: string, conversationId: string): Promise<ChatMemberRecord | undefined> {
    return members.get(tenant, { memberId, conversationId }, { consistent: true });
  },

  /**
   * Stores a message in one transaction with what it moves: the conversation's last message (and its
   * members, for a course), every recipient's unseen count (+1) and the sender's activity. Answers false
   * when the client key was used already (a resend): nothing is written twice.
   */
  async saveMessage(
    tenant: string,
    conversation: ConversationRecord,
    message: StoredMessage,
    senderMemberId: string,
    memberIds: string[],
  ): Promise<boolean> {
    if (memberIds.length > MAX_CONVERSATION_MEMBERS)
      throw new ConflictError('This conversation has too many members to send to at once');
    const preview = message.message.slice(0, 200);
    const items: TransactItem[] = [
      messages.putWrite(tenant, message, 'absent'),
      clientKeys.putWrite(
        tenant,
        {
          conversation: conversation._id,
          senderId: message.sender._id,
          clientId: message.clientId,
          messageId: message._id,
          createdAt: message.createdAt,
        },
        'absent',
      ),
      {
        Update: {
          TableName: tableName(),
          Key: conversations.key(tenant, conversation),
          UpdateExpression: 'SET lastMessageTime = :at, lastMessage = :preview, memberIds = :members',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': message.createdAt, ':preview': preview, ':members': memberIds },
        },
      },
      ...memberIds.map((memberId) =>
        memberUpdate(
          tenant,
          memberId,
          conversation._id,
          message.createdAt,
          memberId === senderMemberId ? 0 : 1,
        ),
      ),
    ];
    let duplicate = false;
    try {
      await writeTransaction(
        items,
        (failed) => {
          duplicate = failed === 1;
          return new ConflictError(duplicate ? 'duplicate' : 'The conversation is gone');
        },
        'The chat is busy right now. Please try again in a moment.',
      );
    } catch (error) {
      if (duplicate) return false;
      throw error;
    }
    return true;
  },

  /** A page of messages in id order: the latest, or those before `before`; `hasMore` when older ones follow. */
  async messagesBefore(
    tenant: string,
    conversationId: string,
    before: string | undefined,
  ): Promise<{ messages: StoredMessage[]; hasMore: boolean }> {
    const found = await messages.query({
      partition: keys.conversationPartition(tenant, conversationId),
      sortKey: before ? { between: ['MSG#', `MSG#${before}`] } : { beginsWith: 'MSG#' },
      descending: true,
      limit: MESSAGE_PAGE_SIZE + 2,
      consistent: true,
    });
    const older = found.filter((message) => message._id !== before);
    return {
      messages: older.slice(0, MESSAGE_PAGE_SIZE).reverse(),
      hasMore: older.length > MESSAGE_PAGE_SIZE,
    };
  },

  /** Messages after `after` (every one when null), oldest first; `hasMore` when more follow the page. */
  async messagesAfter(
    tenant: string,
    conversationId: string,
    after: string | null,
  ): Promise<{ messages: StoredMessage[]; hasMore: boolean }> {
    const found = await messages.query({
      partition: keys.conversationPartition(tenant, conversationId),
      sortKey: after ? { between: [`MSG#${after}`, 'MSG#\u{10FFFF}'] } : { beginsWith: 'MSG#' },
      limit: MESSAGE_PAGE_SIZE + 2,
      consistent: true,
    });
    const newer = found.filter((message) => message._id !== after);
    return { messages: newer.slice(0, MESSAGE_PAGE_SIZE), hasMore: newer.length > MESSAGE_PAGE_SIZE };
  },

  /** The SAVED messages of this member that turned DELIVERED (a status never moves back). */
  async markDelivered(
    tenant: string,
    conversationId: string,
    memberId: string,
    messageIds: string[],
  ): Promise<string[]> {
    const moved = await Promise.all(
      messageIds.map(async (messageId) => {
        try {
          await db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: messages.key(tenant, { conversation: conversationId, _id: messageId }),
              UpdateExpression: 'SET #status.#member = :delivered',
              ConditionExpression: '#status.#member = :saved',
              ExpressionAttributeNames: { '#status': 'status', '#member': memberId },
              ExpressionAttributeValues: { ':delivered': 'DELIVERED', ':saved': 'SAVED' },
            }),
          );
          return messageId;
        } catch (error) {
          if (isConditionalCheckFailure(error)) return undefined;
          throw error;
        }
      }),
    );
    return moved.filter((id): id is string => id !== undefined);
  },

  /**
   * The messages of this member that turned SEEN, each with its unseen count lowered in the same
   * transaction: a message already SEEN (another tab, a resend) fails its condition and lowers nothing.
   */
  async markSeen(
    tenant: string,
    conversationId: string,
    memberId: string,
    messageIds: string[],
  ): Promise<string[]> {
    const moved = await Promise.all(
      messageIds.map(async (messageId) => {
        try {
          await writeTransaction(
            [
              {
                Update: {
                  TableName: tableName(),
                  Key: messages.key(tenant, { conversation: conversationId, _id: messageId }),
                  UpdateExpression: 'SET #status.#member = :seen',
                  ConditionExpression: 'attribute_exists(#status.#member) AND #status.#member <> :seen',
                  ExpressionAttributeNames: { '#status': 'status', '#member': memberId },
                  ExpressionAttributeValues: { ':seen': 'SEEN' },
                },
              },
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.chatMember(tenant, memberId, conversationId),
                  UpdateExpression: 'ADD unSeenCount :minus',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':minus': -1 },
                },
              },
            ],
            () => new ConflictError('already seen'),
          );
          return messageId;
        } catch (error) {
          if (error instanceof ConflictError && error.message === 'already seen') return undefined;
          throw error;
        }
      }),
    );
    return moved.filter((id): id is string => id !== undefined);
  },

  getPresences(tenant: string, userIds: string[]) {
    return presences.getMany(
      tenant,
      userIds.map((userId) => ({ userId })),
    );
  },

  setLastSeen(tenant: string, userId: string, lastSeen: string): Promise<void> {
    return presences.put(tenant, { userId, lastSeen });
  },
};
