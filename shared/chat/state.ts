import {
  type ChatMessage,
  type Conversation,
  type MessageStatus,
  messageStatuses,
  type TypingEntry,
} from './schemas';

/** A status only moves forward: SAVED -> DELIVERED -> SEEN (a late DELIVERED never undoes a SEEN). */
export function statusAdvances(from: MessageStatus | undefined, to: MessageStatus): boolean {
  return from !== undefined && messageStatuses.indexOf(to) > messageStatuses.indexOf(from);
}

/** The reader's status of a message (undefined for their own messages and ones from before they joined). */
export function statusFor(message: ChatMessage, userId: string): MessageStatus | undefined {
  return message.status.find((entry) => entry.user === userId)?.status;
}

/** The ticks the sender sees: SEEN once every recipient saw it, DELIVERED once every one has it. */
export function overallStatus(message: ChatMessage): MessageStatus {
  if (message.status.length === 0) return 'SAVED';
  const lowest = Math.min(...message.status.map((entry) => messageStatuses.indexOf(entry.status)));
  return messageStatuses[lowest] ?? 'SAVED';
}

/**
 * What a chat screen holds (spec 001 section 4): the conversations with their unseen counts, the messages
 * loaded per conversation (in id order, which is the server's order), and who is typing. `me` is the
 * reader: the user, or the school in admin mode.
 */
export interface ChatState {
  me: string;
  conversations: Conversation[];
  messages: Record<string, ChatMessage[]>;
  typing: TypingEntry[];
}

export function emptyChatState(me: string): ChatState {
  return { me, conversations: [], messages: {}, typing: [] };
}

/** Newest conversation first (by its last message, else nothing before it). */
function byActivity(a: Conversation, b: Conversation): number {
  return (b.lastMessageTime ?? '').localeCompare(a.lastMessageTime ?? '');
}

/**
 * The server's conversation list: its unseen counts are the database's, so after a reconnect the counts are
 * recomputed from it rather than from what was counted here while away.
 */
export function withConversations(state: ChatState, conversations: Conversation[]): ChatState {
  return { ...state, conversations: [...conversations].sort(byActivity) };
}

/** A conversation started or changed (a new direct chat): added or replaced. */
export function withConversation(state: ChatState, conversation: Conversation): ChatState {
  const others = state.conversations.filter((c) => c._id !== conversation._id);
  return { ...state, conversations: [...others, conversation].sort(byActivity) };
}

/** Messages merged into a conversation's, each once, in id order. */
function merged(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message._id, message]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a._id.localeCompare(b._id));
}

/** Loaded pages and synced messages (getMessages, syncMessages): counts are not touched, they are the server's. */
export function withMessages(state: ChatState, conversationId: string, messages: ChatMessage[]): ChatState {
  return {
    ...state,
    messages: { ...state.messages, [conversationId]: merged(state.messages[conversationId] ?? [], messages) },
  };
}

/**
 * A pushed message: stored once (a message already held is not counted again), the conversation's last
 * message moved, its unseen count raised only when someone else sent it, and its typing entries cleared.
 */
export function receiveMessage(state: ChatState, message: ChatMessage): ChatState {
  const held = state.messages[message.conversation] ?? [];
  const isNew = !held.some((m) => m._id === message._id);
  const fromOther = message.sender._id !== state.me && statusFor(message, state.me) !== 'SEEN';
  return {
    ...state,
    messages: { ...state.messages, [message.conversation]: merged(held, [message]) },
    typing: state.typing.filter((entry) => entry.conversationId !== message.conversation),
    conversations: state.conversations
      .map((conversation) =>
        conversation._id === message.conversation && isNew
          ? {
              ...conversation,
              lastMessage: message.message,
              lastMessageTime: message.createdAt,
              unSeenCount: conversation.unSeenCount + (fromOther ? 1 : 0),
            }
          : conversation,
      )
      .sort(byActivity),
  };
}

/**
 * A status change of some messages for one user. When the reader's own messages turn SEEN (here or in
 * another tab), the count falls by those that were not SEEN before, never below zero.
 */
export function applyStatus(
  state: ChatState,
  change: { conversationId: string; messageIds: string[]; user: string; status: MessageStatus },
): ChatState {
  const ids = new Set(change.messageIds);
  let newlySeen = 0;
  const messages = (state.messages[change.conversationId] ?? []).map((message) => {
    if (!ids.has(message._id)) return message;
    const before = statusFor(message, change.user);
    if (!statusAdvances(before, change.status)) return message;
    if (change.user === state.me && change.status === 'SEEN') newlySeen++;
    return {
      ...message,
      status: message.status.map((entry) =>
        entry.user === change.user ? { ...entry, status: change.status } : entry,
      ),
    };
  });
  return {
    ...state,
    messages: { ...state.messages, [change.conversationId]: messages },
    conversations: state.conversations.map((conversation) =>
      conversation._id === change.conversationId && newlySeen > 0
        ? { ...conversation, unSeenCount: Math.max(0, conversation.unSeenCount - newlySeen) }
        : conversation,
    ),
  };
}

/** The server's count for a conversation (after this reader saw messages). */
export function withUnseenCount(state: ChatState, conversationId: string, unSeenCount: number): ChatState {
  return {
    ...state,
    conversations: state.conversations.map((conversation) =>
      conversation._id === conversationId ? { ...conversation, unSeenCount } : conversation,
    ),
  };
}

/** A typing entry added when typing starts, removed when it stops (one per user and conversation). */
export function applyTyping(state: ChatState, entry: TypingEntry): ChatState {
  const others = state.typing.filter(
    (held) => !(held.conversationId === entry.conversationId && held.userId === entry.userId),
  );
  return { ...state, typing: entry.typing ? [...others, entry] : others };
}

/** Presence: isOnline and lastSeen of a user, wherever they appear. */
export function applyPresence(
  state: ChatState,
  presence: { userId: string; isOnline: boolean; lastSeen: string | null },
): ChatState {
  return {
    ...state,
    conversations: state.conversations.map((conversation) => ({
      ...conversation,
      users: conversation.users.map((user) =>
        user._id === presence.userId
          ? { ...user, isOnline: presence.isOnline, lastSeen: presence.lastSeen }
          : user,
      ),
    })),
  };
}

/** Messages of a conversation the reader has not acknowledged with at least `status`. */
export function awaitingAcknowledgement(
  state: ChatState,
  conversationId: string,
  status: 'DELIVERED' | 'SEEN',
): string[] {
  return (state.messages[conversationId] ?? [])
    .filter((message) => statusAdvances(statusFor(message, state.me), status))
    .map((message) => message._id);
}

/** The total of unseen messages (the floating button's badge). */
export function totalUnseen(state: ChatState): number {
  return state.conversations.reduce((sum, conversation) => sum + conversation.unSeenCount, 0);
}

/** The newest message id held in a conversation (what syncMessages asks after). */
export function lastMessageId(state: ChatState, conversationId: string): string | null {
  const held = state.messages[conversationId] ?? [];
  return held[held.length - 1]?._id ?? null;
}
