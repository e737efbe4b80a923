import * as z from 'zod';

/**
 * Chat (spec 001 section 3 "Chat", section 4): conversations, messages, per-user message status, typing
 * and presence, as the server sends them and the client holds them.
 *
 * Three kinds of conversation (spec: "not shown" beyond "conversations per course" and the admin chat,
 * so decided here):
 * - `course`: one per course, its enabled tutors and enrolled students, made when a member first opens chat;
 * - `direct`: two users who share a course (a tutor and a student, or two of a course's people);
 * - `admin`: one user and the school (the support chat and the back-office's admin chat are this one):
 *   every admin with the admin-course chat permission answers it in admin mode, as one inbox.
 */
export const conversationKinds = ['course', 'direct', 'admin'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** SAVED when stored, DELIVERED when the recipient's client acknowledged it, SEEN when they read it. */
export const messageStatuses = ['SAVED', 'DELIVERED', 'SEEN'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * The member who stands for the school in an `admin` conversation: its unseen count and message status are
 * the admins' together (any admin who reads a message has the school read it).
 */
export const SCHOOL_MEMBER_ID = 'school';

/** The longest message; a longer one is refused with a 400, as the HTTP API refuses a long field. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Messages a getMessages or syncMessages answer holds at most (syncMessages says when more follow). */
export const MESSAGE_PAGE_SIZE = 50;

export const chatUserSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: z.string().nullable(),
  isOnline: z.boolean(),
  /** When their last connection closed; null while online or never seen. */
  lastSeen: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const conversationSchema = z.object({
  _id: z.string(),
  kind: z.enum(conversationKinds),
  /** The course of a course conversation. */
  course: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** The other people of the conversation (the school is not a user: an admin conversation lists its user). */
  users: z.array(chatUserSchema),
  lastMessageTime: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** The reader's messages from others not yet SEEN (the school's, in admin mode). */
  unSeenCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageStatusEntrySchema = z.object({ user: z.string(), status: z.enum(messageStatuses) });

export const chatMessageSchema = z.object({
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
  /** Each recipient's status (the sender has none: their own message needs no acknowledgement). */
  status: z.array(messageStatusEntrySchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Someone of a conversation typing, or stopping (spec 001 section 3 "Typing entry"). */
export const typingEntrySchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  typing: z.boolean(),
});
export type TypingEntry = z.infer<typeof typingEntrySchema>;
