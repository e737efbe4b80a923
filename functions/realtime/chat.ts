import { newMessageId } from '../../shared/chat/message-id';
import {
  type ChatUser,
  type Conversation,
  type ConversationKind,
  SCHOOL_MEMBER_ID,
} from '../../shared/chat/schemas';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { holdsAny } from '../../shared/permissions/check';
import type { ClientAction, ServerMessage } from '../../shared/realtime/socket-events';
import { isCourseChatMember } from '../access/records';
import { causeId } from '../lib/ids';
import { logger } from '../lib/logger';
import {
  type ChatMemberRecord,
  type ConversationRecord,
  chatRepository,
  presentMessage,
} from '../repositories/chat';
import { courseMembers, coursesRepository, userMemberships } from '../repositories/courses';
import { socketConnectionsRepository, type TopicRef } from '../repositories/socket-connections';
import { getUser, getUsers, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { sendToConnections, sendToTopic, sendToUser } from './send';
import type { SocketCaller } from './waiting-room';

/**
 * Chat over the WebSocket API (spec 001 sections 3, 4 and 7; the kinds of conversation are described in
 * shared/chat/schemas.ts). Every action checks, from the table, that the caller may chat (not a guest, a
 * role holding a chat permission) and belongs to the conversation; a conversation they are not in does not
 * exist for them (404). Fan-out reads the members' own connections (one Query each), never all of them;
 * the school's side of an admin conversation is every admin-mode connection that opened the admin chat
 * (registered to the school's topic).
 */

type ChatAction = Extract<
  ClientAction,
  {
    action:
      | 'getConversations'
      | 'startConversation'
      | 'getMessages'
      | 'syncMessages'
      | 'sendMessage'
      | 'messagesDelivered'
      | 'messagesSeen'
      | 'typing';
  }
>;

/** The admin-mode connections that answer for the school. */
const schoolTopic: TopicRef = { kind: 'conversation', topicId: SCHOOL_MEMBER_ID };

const chatPermission = { areas: ['courses' as const, 'adminCourses' as const], actions: ['courseChat'] };
const adminChatPermission = { areas: ['adminCourses' as const], actions: ['courseChat'] };

interface Chatter {
  caller: SocketCaller;
  user: UserRecord;
  /** Whose part they read and write: the user, or the school in admin mode. */
  memberId: string;
}

/** The caller as a chat user, or a 403: guests and roles without a chat permission do not chat. */
async function chatterOf(caller: SocketCaller): Promise<Chatter> {
  const user = await getUser(caller.tenant, caller.userId);
  if (!user || user.deletedAt) throw new ForbiddenError('This account no longer exists');
  const role = await rolesRepository.getCached(caller.tenant, user.roleId);
  if (!role || role.isGuest || user.type === 'guest')
    throw new ForbiddenError('Chat is for signed-up users: guests cannot chat');
  if (!holdsAny(role.permissions, caller.adminMode ? adminChatPermission : chatPermission))
    throw new ForbiddenError('Your role does not include chat');
  return { caller, user, memberId: caller.adminMode ? SCHOOL_MEMBER_ID : user._id };
}

const courseConversationId = (courseId: string) => causeId('chat', 'course', courseId);
const directConversationId = (a: string, b: string) => causeId('chat', 'direct', ...[a, b].sort());
const adminConversationId = (userId: string) => causeId('chat', 'admin', userId);

/** A course's people who chat in its conversation. */
async function courseChatMemberIds(tenant: string, courseId: string): Promise<string[]> {
  return (await courseMembers(tenant, courseId)).filter(isCourseChatMember).map((m) => m.user._id);
}

/** The conversation and its members now (a course's from its membership), or a 404 for a non-member. */
async function requireConversation(
  chatter: Chatter,
  conversationId: string,
): Promise<{ conversation: ConversationRecord; memberIds: string[] }> {
  const { tenant, adminMode } = chatter.caller;
  const notFound = new NotFoundError('Conversation not found');
  const conversation = await chatRepository.getConversation(tenant, conversationId);
  if (!conversation) throw notFound;
  const memberIds =
    conversation.kind === 'course' && conversation.courseId
      ? await courseChatMemberIds(tenant, conversation.courseId)
      : conversation.memberIds;
  // Admin mode answers for the school in admin conversations only; a user, in the ones they are in.
  const inIt = !adminMode || conversation.kind === 'admin';
  if (!inIt || !memberIds.includes(chatter.memberId)) throw notFound;
  return { conversation, memberIds };
}

/** Sends to every member's connections: the school's topic for the school, each user's own otherwise. */
async function fanOut(tenant: string, memberIds: readonly string[], message: ServerMessage): Promise<void> {
  await Promise.all(
    [...new Set(memberIds)].map((memberId) =>
      memberId === SCHOOL_MEMBER_ID
        ? sendToTopic(tenant, schoolTopic, message)
        : sendToUser(tenant, memberId, message),
    ),
  );
}

const reply = (caller: SocketCaller, message: ServerMessage) =>
  sendToConnections(caller.tenant, [caller.connectionId], message);

/** isOnline from the users' open connections, lastSeen from their last disconnect. */
async function chatUsers(tenant: string, userIds: string[]): Promise<Map<string, ChatUser>> {
  const unique = [...new Set(userIds)].filter((id) => id !== SCHOOL_MEMBER_ID);
  const [people, presences, online] = await Promise.all([
    getUsers(tenant, unique),
    chatRepository.getPresences(tenant, unique),
    Promise.all(
      unique.map(
        async (id) =>
          [id, (await socketConnectionsRepository.connectionsOfUser(tenant, id)).length > 0] as const,
      ),
    ),
  ]);
  const lastSeen = new Map(presences.map((presence) => [presence.userId, presence.lastSeen]));
  const isOnline = new Map(online);
  return new Map(
    people.map((person) => [
      person._id,
      {
        _id: person._id,
        firstname: person.firstname,
        lastname: person.lastname,
        avatar: null,
        isOnline: isOnline.get(person._id) ?? false,
        lastSeen: isOnline.get(person._id) ? null : (lastSeen.get(person._id) ?? null),
      },
    ]),
  );
}

/** Conversations as one reader sees them: the others in it, their unseen count, the course's title. */
async function present(
  tenant: string,
  readerId: string,
  records: ConversationRecord[],
  parts: Map<string, ChatMemberRecord>,
): Promise<Conversation[]> {
  const courseIds = [...new Set(records.flatMap((record) => (record.courseId ? [record.courseId] : [])))];
  const [people, courses] = await Promise.all([
    chatUsers(
      tenant,
      records.flatMap((record) => record.memberIds.filter((id) => id !== readerId)),
    ),
    Promise.all(courseIds.map((id) => coursesRepository.get(tenant, id))),
  ]);
  const titles = new Map(courses.flatMap((course) => (course ? [[course._id, course.title] as const] : [])));
  return records.map((record) => ({
    _id: record._id,
    kind: record.kind,
    course: record.courseId ? { _id: record.courseId, title: titles.get(record.courseId) ?? '' } : null,
    users: record.memberIds.flatMap((id) => {
      const person = id === readerId ? undefined : people.get(id);
      return person ? [person] : [];
    }),
    lastMessageTime: record.lastMessageTime ?? null,
    lastMessage: record.lastMessage ?? null,
    unSeenCount: Math.max(0, parts.get(record._id)?.unSeenCount ?? 0),
  }));
}

async function presentOne(tenant: string, readerId: string, record: ConversationRecord) {
  const part = await chatRepository.getMember(tenant, readerId, record._id);
  const [conversation] = await present(tenant, readerId, [record], new Map(part ? [[record._id, part]] : []));
  if (!conversation) throw new Error('a conversation presented to nobody');
  return conversation;
}

/**
 * Every course the user chats in has its conversation, and the user their part in it: made on the first
 * look (a course's conversation needs nobody to start it).
 */
async function joinCourseConversations(chatter: Chatter, parts: ChatMemberRecord[]): Promise<boolean> {
  const { tenant } = chatter.caller;
  const held = new Set(parts.map((part) => part.conversationId));
  const courses = (await userMemberships(tenant, chatter.user._id))
    .filter(isCourseChatMember)
    .map((m) => m.course)
    .filter((courseId) => !held.has(courseConversationId(courseId)));
  await Promise.all(
    courses.map(async (courseId) => {
      const conversationId = courseConversationId(courseId);
      const existing = await chatRepository.getConversation(tenant, conversationId);
      if (existing) return chatRepository.joinConversation(tenant, chatter.memberId, existing);
      await chatRepository.ensureConversation(tenant, {
        _id: conversationId,
        kind: 'course',
        courseId,
        memberIds: await courseChatMemberIds(tenant, courseId),
        createdAt: new Date().toISOString(),
      });
    }),
  );
  return courses.length > 0;
}

async function getConversations(chatter: Chatter): Promise<void> {
  const { caller } = chatter;
  if (caller.adminMode) {
    // This connection answers for the school from now on (it leaves with the connection).
    await socketConnectionsRepository.register(caller.tenant, {
      ...schoolTopic,
      connectionId: caller.connectionId,
      userId: caller.userId,
      registeredAt: new Date().toISOString(),
      connectedAt: caller.connectedAt,
    });
  }
  let parts = await chatRepository.memberConversations(caller.tenant, chatter.memberId);
  if (!caller.adminMode && (await joinCourseConversations(chatter, parts)))
    parts = await chatRepository.memberConversations(caller.tenant, chatter.memberId);
  const records = await chatRepository.getConversations(
    caller.tenant,
    parts.map((part) => part.conversationId),
  );
  const stillIn = await currentMembership(chatter);
  const conversations = await present(
    caller.tenant,
    chatter.memberId,
    records.filter((record) => stillIn(record)),
    new Map(parts.map((part) => [part.conversationId, part])),
  );
  await reply(caller, { action: 'conversations', conversations });
}

/** Leaves out the course conversations of courses the user no longer chats in (and admin ones in user mode). */
async function currentMembership(chatter: Chatter) {
  const kinds: ConversationKind[] = chatter.caller.adminMode ? ['admin'] : ['course', 'direct', 'admin'];
  const courses = chatter.caller.adminMode
    ? new Set<string>()
    : new Set(
        (await userMemberships(chatter.caller.tenant, chatter.user._id))
          .filter(isCourseChatMember)
          .map((m) => m.course),
      );
  return (record: ConversationRecord) =>
    kinds.includes(record.kind) && (record.kind !== 'course' || courses.has(record.courseId ?? ''));
}

async function startConversation(chatter: Chatter, userId: string | undefined): Promise<void> {
  const { tenant, adminMode } = chatter.caller;
  let record: ConversationRecord;
  const createdAt = new Date().toISOString();
  if (adminMode) {
    if (!userId)
      throw new BadRequestError('Choose who to write to', {
        errors: [{ field: 'userId', message: 'Required in admin mode' }],
      });
    await requireChatContact(tenant, userId);
    record = {
      _id: adminConversationId(userId),
      kind: 'admin',
      memberIds: [userId, SCHOOL_MEMBER_ID],
      createdAt,
    };
  } else if (!userId) {
    const self = chatter.user._id;
    record = {
      _id: adminConversationId(self),
      kind: 'admin',
      memberIds: [self, SCHOOL_MEMBER_ID],
      createdAt,
    };
  } else {
    if (userId === chatter.user._id)
      throw new BadRequestError('You cannot start a conversation with yourself');
    await requireSharedCourse(tenant, chatter.user._id, userId);
    record = {
      _id: directConversationId(chatter.user._id, userId),
      kind: 'direct',
      memberIds: [chatter.user._id, userId],
      createdAt,
    };
  }
  const stored = await chatRepository.ensureConversation(tenant, record);
  await reply(chatter.caller, {
    action: 'conversation',
    conversation: await presentOne(tenant, chatter.memberId, stored),
  });
}

/** An admin writes to any user of the tenant who may chat (not a guest, not deleted). */
async function requireChatContact(tenant: string, userId: string): Promise<void> {
  const user = await getUser(tenant, userId);
  if (!user || user.deletedAt || user.type === 'guest' || user.type === 'admin')
    throw new NotFoundError('User not found');
}

/** A direct conversation is between two people of one course (its tutor and a student, or two of it). */
async function requireSharedCourse(tenant: string, userId: string, otherId: string): Promise<void> {
  const [mine, theirs] = await Promise.all([
    userMemberships(tenant, userId),
    userMemberships(tenant, otherId),
  ]);
  const courses = new Set(mine.filter(isCourseChatMember).map((m) => m.course));
  if (!theirs.some((m) => isCourseChatMember(m) && courses.has(m.course)))
    throw new NotFoundError('User not found');
}

async function sendMessage(
  chatter: Chatter,
  action: Extract<ChatAction, { action: 'sendMessage' }>,
): Promise<void> {
  const { tenant } = chatter.caller;
  const { conversation, memberIds } = await requireConversation(chatter, action.conversationId);
  const message = {
    _id: newMessageId(),
    conversation: conversation._id,
    message: action.message,
    sender: {
      _id: chatter.user._id,
      firstname: chatter.user.firstname,
      lastname: chatter.user.lastname,
      avatar: null,
    },
    createdAt: new Date().toISOString(),
    status: Object.fromEntries(
      memberIds.filter((id) => id !== chatter.memberId).map((id) => [id, 'SAVED' as const]),
    ),
    clientId: action.clientId,
  };
  const saved = await chatRepository.saveMessage(tenant, conversation, message, chatter.memberId, memberIds);
  // A resend of a key already stored: the first send told everyone, and syncMessages gives it again.
  if (!saved) return;
  await fanOut(tenant, memberIds, {
    action: 'message',
    message: presentMessage(message),
    clientId: action.clientId,
  });
}

async function acknowledge(
  chatter: Chatter,
  action: Extract<ChatAction, { action: 'messagesDelivered' | 'messagesSeen' }>,
): Promise<void> {
  const { tenant } = chatter.caller;
  const { memberIds } = await requireConversation(chatter, action.conversationId);
  const ids = [...new Set(action.messageIds)];
  const status = action.action === 'messagesSeen' ? 'SEEN' : 'DELIVERED';
  const moved =
    status === 'SEEN'
      ? await chatRepository.markSeen(tenant, action.conversationId, chatter.memberId, ids)
      : await chatRepository.markDelivered(tenant, action.conversationId, chatter.memberId, ids);
  if (moved.length > 0) {
    await fanOut(tenant, memberIds, {
      action: 'messageStatus',
      conversationId: action.conversationId,
      messageIds: moved,
      user: chatter.memberId,
      status,
    });
  }
  if (status === 'SEEN') {
    // The count as the database holds it now, for every tab of the reader (read after the writes, to tell).
    const part = await chatRepository.getMember(tenant, chatter.memberId, action.conversationId);
    await fanOut(tenant, [chatter.memberId], {
      action: 'unseenCount',
      conversationId: action.conversationId,
      unSeenCount: Math.max(0, part?.unSeenCount ?? 0),
    });
  }
}

/** One chat action of the protocol (functions/realtime/handler.ts dispatches here). */
export async function chatAction(caller: SocketCaller, action: ChatAction): Promise<void> {
  const chatter = await chatterOf(caller);
  switch (action.action) {
    case 'getConversations':
      return getConversations(chatter);
    case 'startConversation':
      return startConversation(chatter, action.userId);
    case 'getMessages': {
      await requireConversation(chatter, action.conversationId);
      const page = await chatRepository.messagesBefore(caller.tenant, action.conversationId, action.before);
      await reply(caller, {
        action: 'messages',
        conversationId: action.conversationId,
        messages: page.messages.map(presentMessage),
        hasMore: page.hasMore,
        sync: false,
      });
      return;
    }
    case 'syncMessages': {
      await requireConversation(chatter, action.conversationId);
      const page = await chatRepository.messagesAfter(caller.tenant, action.conversationId, action.after);
      await reply(caller, {
        action: 'messages',
        conversationId: action.conversationId,
        messages: page.messages.map(presentMessage),
        hasMore: page.hasMore,
        sync: true,
      });
      return;
    }
    case 'sendMessage':
      return sendMessage(chatter, action);
    case 'messagesDelivered':
    case 'messagesSeen':
      return acknowledge(chatter, action);
    case 'typing': {
      const { memberIds } = await requireConversation(chatter, action.conversationId);
      await fanOut(
        caller.tenant,
        memberIds.filter((id) => id !== chatter.memberId),
        {
          action: 'typing',
          conversationId: action.conversationId,
          userId: chatter.memberId,
          typing: action.typing,
        },
      );
      return;
    }
  }
}

/** How many of a user's conversations, and of their people, hear of their coming and going. */
const PRESENCE_CONVERSATIONS = 50;
const PRESENCE_PEOPLE = 200;

/**
 * Presence (spec 001 section 4: "Presence updates set isOnline and lastSeen"): when a user's connection
 * opens or their last one closes, the people of their most recent conversations are told. A
 * failure here is logged: it must not refuse the connection.
 */
export async function presenceChanged(tenant: string, userId: string, change: 'connected' | 'disconnected') {
  try {
    // Online with every new connection (a previous one's $disconnect may still be on its way, so "the
    // first" cannot be told reliably; saying it again is harmless); offline only when none is left.
    if (change === 'disconnected') {
      const open = await socketConnectionsRepository.connectionsOfUser(tenant, userId);
      if (open.length > 0) return;
    }
    const lastSeen = change === 'disconnected' ? new Date().toISOString() : null;
    if (lastSeen) await chatRepository.setLastSeen(tenant, userId, lastSeen);
    const parts = await chatRepository.memberConversations(tenant, userId, PRESENCE_CONVERSATIONS);
    if (parts.length === 0) return;
    const records = await chatRepository.getConversations(
      tenant,
      parts.map((part) => part.conversationId),
    );
    const people = [...new Set(records.flatMap((record) => record.memberIds))]
      .filter((id) => id !== userId)
      .slice(0, PRESENCE_PEOPLE);
    await fanOut(tenant, people, { action: 'presence', userId, isOnline: change === 'connected', lastSeen });
  } catch (error) {
    logger.warn('chat presence not sent', {
      userId,
      change,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
