import * as z from 'zod';
import { messageIdPattern } from '../chat/message-id';
import {
  chatMessageSchema,
  chatUserSchema,
  conversationSchema,
  MAX_MESSAGE_LENGTH,
  messageStatuses,
} from '../chat/schemas';
import { notificationSchema } from '../notifications/notification';
import { idSchema } from '../schemas/common';

/**
 * The WebSocket protocol, declared once for the realtime Lambda and the web client (as the HTTP routes
 * are in shared/routes): what a client may send (its `action` is API Gateway's route key) and what the
 * server sends back or pushes. The server parses every frame with `clientActionSchema` and answers a bad
 * one with an `error` message naming the failing fields; the client parses what it receives with
 * `serverMessageSchema`.
 */

/** Who a waiting-room connection belongs to (spec 001 section 4). */
export const waitingRoomUserKinds = ['STUDENT', 'TUTOR', 'ADMIN'] as const;
export type WaitingRoomUserKind = (typeof waitingRoomUserKinds)[number];

/** One person in a lesson's waiting room (several tabs of one person are one entry). */
export const waitingRoomConnectionSchema = z.object({
  userId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  kind: z.enum(waitingRoomUserKinds),
  /** When this person's first open connection registered. */
  since: z.string(),
});
export type WaitingRoomConnection = z.infer<typeof waitingRoomConnectionSchema>;

/** Where a lesson's meeting stands in its waiting room: not started until its tutor starts it. */
export const meetingStatuses = ['NOT_STARTED', 'STARTED'] as const;

/** One of the lesson's people in its waiting room: when they first waited there, when they first joined. */
export const meetingParticipantSchema = z.object({
  userId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  kind: z.enum(['TUTOR', 'STUDENT']),
  /** Their first notify-user-waiting of this sitting; null when they have not come to the room. */
  waitingSince: z.string().nullable(),
  /** Their first join of this sitting (notify-user-joined-to-meeting); null when they are not in. */
  joinedAt: z.string().nullable(),
  /** When they left the meeting, while they are out (back in: null). */
  leftAt: z.string().nullable().optional(),
});
export type MeetingParticipant = z.infer<typeof meetingParticipantSchema>;

/**
 * The meeting of one sitting of a lesson (its current start: a rescheduled lesson starts afresh), the part
 * of the meeting data that changes while people wait. It is the same for everyone in the room, so one
 * push serves them all.
 */
export const meetingStateSchema = z.object({
  waitingId: z.string(),
  /** The sitting: the lesson's start when this was read. */
  lessonStart: z.string(),
  status: z.enum(meetingStatuses),
  startedAt: z.string().nullable(),
  /** The tutor who started it. */
  startedBy: z.string().nullable(),
  /** Where the meeting is, once started (before that there is nothing to join). */
  joinUrl: z.string().nullable(),
  /** The tutor first, then the students in the lesson's order. */
  participants: z.array(meetingParticipantSchema),
});
export type MeetingState = z.infer<typeof meetingStateSchema>;

/**
 * A start, told alone: a start changes nobody's place in the room, and a room of 500 would otherwise get
 * 500 copies of its list of people (some 75 KB each) at the one moment they all wait for the link.
 */
export const meetingStartSchema = meetingStateSchema.omit({ participants: true });
export type MeetingStart = z.infer<typeof meetingStartSchema>;

/** The waiting room is the lesson's: `waitingId` is the lesson (section) id, as in /waiting-room/{waitingId}. */
const waitingRoomTarget = { waitingId: idSchema };

// Chat (shared/chat/schemas.ts; functions/realtime/chat.ts)
const conversationTarget = { conversationId: idSchema };
const messageIdSchema = z.string().regex(messageIdPattern, 'Not a message id');
/** Acknowledgements name at most a page of messages at once. */
const acknowledgedIds = z.array(messageIdSchema).min(1).max(100);

const chatActions = [
  /** The caller's conversations with unseen counts and presence (in admin mode: the school's inbox). */
  z.object({ action: z.literal('getConversations') }).strict(),
  /**
   * Starts (or finds) a conversation: with `userId`, a direct one (in admin mode: the school's with that
   * user); without, the caller's support conversation with the school.
   */
  z.object({ action: z.literal('startConversation'), userId: z.string().min(1).max(64).optional() }).strict(),
  /** A page of messages, newest last: the latest, or those before `before` (load older). */
  z
    .object({ action: z.literal('getMessages'), ...conversationTarget, before: messageIdSchema.optional() })
    .strict(),
  /** After a reconnect: every message after the last one the client holds (null: it holds none). */
  z
    .object({ action: z.literal('syncMessages'), ...conversationTarget, after: messageIdSchema.nullable() })
    .strict(),
  z
    .object({
      action: z.literal('sendMessage'),
      ...conversationTarget,
      message: z.string().trim().min(1, 'A message cannot be empty').max(MAX_MESSAGE_LENGTH),
      /** The client's key for this message: a resend of the same key is stored once. */
      clientId: z.string().min(1).max(64),
    })
    .strict(),
  /** The reader's client has these messages (their SAVED ones turn DELIVERED). */
  z
    .object({ action: z.literal('messagesDelivered'), ...conversationTarget, messageIds: acknowledgedIds })
    .strict(),
  /** The reader saw these messages (they turn SEEN; the unseen count falls by those that were not). */
  z
    .object({ action: z.literal('messagesSeen'), ...conversationTarget, messageIds: acknowledgedIds })
    .strict(),
  z.object({ action: z.literal('typing'), ...conversationTarget, typing: z.boolean() }).strict(),
] as const;

export const clientActionSchema = z.discriminatedUnion('action', [
  /** The heartbeat: any frame keeps API Gateway's idle timer (10 minutes) from closing the connection. */
  z.object({ action: z.literal('ping') }).strict(),
  /** Join a lesson's waiting room: this connection then hears who comes and goes. */
  z.object({ action: z.literal('register'), ...waitingRoomTarget }).strict(),
  z.object({ action: z.literal('unregister'), ...waitingRoomTarget }).strict(),
  z.object({ action: z.literal('getConnections'), ...waitingRoomTarget }).strict(),
  ...chatActions,
  /**
   * The local meeting room (/meeting-room/{waitingId}, the local stack's meeting): entering records the
   * person's join, leaving (or the connection closing) their leave; everyone in it hears who is there.
   */
  z.object({ action: z.literal('enterMeetingRoom'), ...waitingRoomTarget }).strict(),
  z.object({ action: z.literal('leaveMeetingRoom'), ...waitingRoomTarget }).strict(),
]);
export type ClientAction = z.infer<typeof clientActionSchema>;
export type ClientActionName = ClientAction['action'];

/** Every action, for the WebSocket API's routes (infra/cloud/realtime.ts) and the server's dispatch. */
export const clientActionNames = clientActionSchema.options.map(
  (option) => option.shape.action.value,
) satisfies ClientActionName[];

export const serverMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pong') }),
  /** Who is in a waiting room: the answer to register and getConnections, and pushed on every change. */
  z.object({
    action: z.literal('connections'),
    waitingId: z.string(),
    connections: z.array(waitingRoomConnectionSchema),
  }),
  z.object({ action: z.literal('unregistered'), waitingId: z.string() }),
  /**
   * The room's meeting changed (someone waits, the tutor started it, someone joined): pushed to every
   * connection registered to the room, which then needs no polling.
   */
  z.object({ action: z.literal('meeting'), waitingId: z.string(), meeting: meetingStateSchema }),
  /** The tutor started the room's meeting: its status and join link, without the room's people. */
  z.object({ action: z.literal('meetingStarted'), waitingId: z.string(), meeting: meetingStartSchema }),
  // Chat
  z.object({ action: z.literal('conversations'), conversations: z.array(conversationSchema) }),
  /** A conversation started (to its starter and its other members). */
  z.object({ action: z.literal('conversation'), conversation: conversationSchema }),
  /** A page (getMessages) or everything after (syncMessages); `hasMore`: older (or newer) ones follow. */
  z.object({
    action: z.literal('messages'),
    conversationId: z.string(),
    messages: z.array(chatMessageSchema),
    hasMore: z.boolean(),
    sync: z.boolean(),
  }),
  /** A new message, pushed to every connection of the conversation's members (the sender's too). */
  z.object({ action: z.literal('message'), message: chatMessageSchema, clientId: z.string() }),
  /** Messages of a conversation turned DELIVERED or SEEN for one member. */
  z.object({
    action: z.literal('messageStatus'),
    conversationId: z.string(),
    messageIds: z.array(z.string()),
    user: z.string(),
    status: z.enum(messageStatuses),
  }),
  /** The reader's unseen count of a conversation as the database holds it, after they saw messages. */
  z.object({ action: z.literal('unseenCount'), conversationId: z.string(), unSeenCount: z.number().int() }),
  z.object({
    action: z.literal('typing'),
    conversationId: z.string(),
    userId: z.string(),
    typing: z.boolean(),
  }),
  /** A user's first connection opened or last one closed. */
  z.object({
    action: z.literal('presence'),
    userId: z.string(),
    isOnline: chatUserSchema.shape.isOnline,
    lastSeen: chatUserSchema.shape.lastSeen,
  }),
  /** Who is in a lesson's local meeting room: the answer to enterMeetingRoom, and pushed on every change. */
  z.object({
    action: z.literal('meetingRoom'),
    waitingId: z.string(),
    people: z.array(waitingRoomConnectionSchema),
  }),
  /** This connection left the meeting room (leaveMeetingRoom): its leave is recorded. */
  z.object({ action: z.literal('leftMeetingRoom'), waitingId: z.string() }),
  /** A new notification for the connection's user (issue 19 item 7), with their unread count after it. */
  z.object({
    action: z.literal('notification'),
    notification: notificationSchema,
    unreadCount: z.number().int(),
  }),
  /**
   * A frame the server could not act on: not JSON, an unknown action, bad fields (`errors`, as the HTTP
   * API's 400 body), or a refusal (`status` as the HTTP API would answer it).
   */
  z.object({
    action: z.literal('error'),
    message: z.string(),
    status: z.number().int(),
    /** The action of the frame refused, when it had one. */
    request: z.string().optional(),
    errors: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<Action extends ServerMessage['action']> = Extract<
  ServerMessage,
  { action: Action }
>;
