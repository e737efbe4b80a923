import { useCallback, useEffect, useRef, useState } from 'react';
import { SCHOOL_MEMBER_ID } from '../../../../shared/chat/schemas';
import {
  applyPresence,
  applyStatus,
  applyTyping,
  awaitingAcknowledgement,
  type ChatState,
  emptyChatState,
  lastMessageId,
  receiveMessage,
  withConversation,
  withConversations,
  withMessages,
  withUnseenCount,
} from '../../../../shared/chat/state';
import type { ServerMessage } from '../../../../shared/realtime/socket-events';
import { type RealtimeSocket, sessionRealtimeSocket } from '../../lib/realtime-socket';
import { useSession } from '../../lib/session';

/** A typing entry is dropped after this long without news (a client that closed mid-word says nothing). */
const TYPING_STOP_MS = 3_000;

/**
 * The chat of the signed-in user (or, with `adminMode`, the school's admin chat) over the WebSocket:
 * connected while `active` (the panel or page is open: spec "no auto-connect"), closed after. It holds the
 * shared chat state (shared/chat/state.ts), acknowledges messages as DELIVERED when they arrive and SEEN
 * while their conversation is open, and after a reconnect re-reads the conversations (the server's
 * counts) and syncs every conversation it holds messages of from its last message.
 */
export function useChat(options: { active: boolean; adminMode?: boolean }) {
  const session = useSession();
  const userId = session?.user._id;
  const me = options.adminMode ? SCHOOL_MEMBER_ID : (userId ?? '');
  const [state, setState] = useState<ChatState>(() => emptyChatState(me));
  const [openId, setOpenId] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const openRef = useRef(openId);
  openRef.current = openId;
  const socketRef = useRef<RealtimeSocket | null>(null);
  /** A conversation asked for with startConversation: opened when its answer comes. */
  const startingRef = useRef(false);

  const acknowledge = useCallback((conversationId: string, next: ChatState) => {
    const socket = socketRef.current;
    if (!socket) return;
    const delivered = awaitingAcknowledgement(next, conversationId, 'DELIVERED');
    if (delivered.length) socket.send({ action: 'messagesDelivered', conversationId, messageIds: delivered });
    if (openRef.current === conversationId && document.visibilityState === 'visible') {
      const seen = awaitingAcknowledgement(next, conversationId, 'SEEN');
      if (seen.length) socket.send({ action: 'messagesSeen', conversationId, messageIds: seen.slice(-100) });
    }
  }, []);

  const update = useCallback((change: (current: ChatState) => ChatState) => {
    const next = change(stateRef.current);
    stateRef.current = next;
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    if (!options.active || !userId) return;
    setState(emptyChatState(me));
    stateRef.current = emptyChatState(me);
    const socket = sessionRealtimeSocket({ adminMode: options.adminMode ?? false });
    socketRef.current = socket;
    const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
    const onMessage = (message: ServerMessage) => {
      switch (message.action) {
        case 'conversations':
          update((s) => withConversations(s, message.conversations));
          return;
        case 'conversation':
          update((s) => withConversation(s, message.conversation));
          if (startingRef.current) {
            startingRef.current = false;
            setOpenId(message.conversation._id);
          }
          return;
        case 'messages': {
          const next = update((s) => withMessages(s, message.conversationId, message.messages));
          acknowledge(message.conversationId, next);
          return;
        }
        case 'message': {
          // A conversation this screen does not list yet (someone started it): the list is read again, with
          // the server's counts.
          if (!stateRef.current.conversations.some((c) => c._id === message.message.conversation))
            socket.send({ action: 'getConversations' });
          const next = update((s) => receiveMessage(s, message.message));
          acknowledge(message.message.conversation, next);
          return;
        }
        case 'messageStatus':
          update((s) => applyStatus(s, message));
          return;
        case 'unseenCount':
          update((s) => withUnseenCount(s, message.conversationId, message.unSeenCount));
          return;
        case 'typing': {
          if (message.userId === me) return;
          update((s) => applyTyping(s, message));
          const key = `${message.conversationId}#${message.userId}`;
          clearTimeout(typingTimers.get(key));
          if (message.typing)
            typingTimers.set(
              key,
              setTimeout(() => update((s) => applyTyping(s, { ...message, typing: false })), TYPING_STOP_MS),
            );
          return;
        }
        case 'presence':
          update((s) => applyPresence(s, message));
          return;
      }
    };
    socket.onMessage(onMessage);
    socket.onStatus((status) => {
      setConnected(status === 'open');
      if (status === 'open' && stateRef.current.conversations.length === 0)
        socket.send({ action: 'getConversations' });
    });
    socket.onReconnect(() => {
      // The counts are the server's again, and every conversation held is brought up to date.
      socket.send({ action: 'getConversations' });
      for (const conversationId of Object.keys(stateRef.current.messages))
        socket.send({
          action: 'syncMessages',
          conversationId,
          after: lastMessageId(stateRef.current, conversationId),
        });
    });
    socket.connect();
    return () => {
      for (const timer of typingTimers.values()) clearTimeout(timer);
      socketRef.current = null;
      socket.close();
    };
    // The session's user is the socket's: a new sign-in is a new chat.
  }, [options.active, options.adminMode, userId, me, update, acknowledge]);

  const open = useCallback(
    (conversationId: string | null) => {
      setOpenId(conversationId);
      if (!conversationId) return;
      const socket = socketRef.current;
      if (!socket) return;
      if (stateRef.current.messages[conversationId]) acknowledge(conversationId, stateRef.current);
      else socket.send({ action: 'getMessages', conversationId });
    },
    [acknowledge],
  );

  return {
    state,
    connected,
    openId,
    open,
    /** Older messages of the open conversation. */
    loadOlder(conversationId: string) {
      const oldest = state.messages[conversationId]?.[0]?._id;
      socketRef.current?.send({
        action: 'getMessages',
        conversationId,
        ...(oldest ? { before: oldest } : {}),
      });
    },
    send(conversationId: string, text: string): boolean {
      return (
        socketRef.current?.send({
          action: 'sendMessage',
          conversationId,
          message: text,
          clientId: crypto.randomUUID(),
        }) ?? false
      );
    },
    typing(conversationId: string, typing: boolean) {
      socketRef.current?.send({ action: 'typing', conversationId, typing });
    },
    /** A direct conversation with a user (admin mode: the school's with them), or the support chat. */
    start(userId?: string) {
      startingRef.current = true;
      socketRef.current?.send({ action: 'startConversation', ...(userId ? { userId } : {}) });
    },
  };
}
export type Chat = ReturnType<typeof useChat>;
