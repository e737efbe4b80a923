import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from './schemas';
import {
  applyPresence,
  applyStatus,
  applyTyping,
  awaitingAcknowledgement,
  emptyChatState,
  lastMessageId,
  overallStatus,
  receiveMessage,
  statusAdvances,
  totalUnseen,
  withConversations,
  withMessages,
} from './state';

const me = 'student-1';
const tutor = 'tutor-1';

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: 'c1',
    kind: 'course',
    course: { _id: 'course-1', title: 'Maths' },
    users: [
      { _id: tutor, firstname: 'Tia', lastname: 'Tutor', avatar: null, isOnline: false, lastSeen: null },
    ],
    lastMessageTime: null,
    lastMessage: null,
    unSeenCount: 0,
    ...overrides,
  };
}

function message(id: string, sender: string, status: ChatMessage['status']): ChatMessage {
  return {
    _id: id,
    conversation: 'c1',
    message: `text ${id}`,
    sender: { _id: sender, firstname: 'A', lastname: 'B', avatar: null },
    createdAt: `2026-11-27T21:00:0${id.length}.000Z`,
    status,
  };
}

describe('chat state', () => {
  it('raises the unseen count only for messages from others, once per message', () => {
    // Prepare
    let state = withConversations(emptyChatState(me), [conversation()]);

    // Act
    state = receiveMessage(state, message('01A', tutor, [{ user: me, status: 'SAVED' }]));
    state = receiveMessage(state, message('01A', tutor, [{ user: me, status: 'SAVED' }]));
    state = receiveMessage(state, message('01B', me, [{ user: tutor, status: 'SAVED' }]));

    // Assess
    expect(state.conversations[0]?.unSeenCount).toBe(1);
    expect(state.messages.c1?.map((m) => m._id)).toEqual(['01A', '01B']);
    expect(state.conversations[0]?.lastMessage).toBe('text 01B');
    expect(totalUnseen(state)).toBe(1);
  });

  it('lowers the count when the reader sees messages, never twice and never below zero', () => {
    let state = withConversations(emptyChatState(me), [conversation({ unSeenCount: 2 })]);
    state = withMessages(state, 'c1', [
      message('01A', tutor, [{ user: me, status: 'DELIVERED' }]),
      message('01B', tutor, [{ user: me, status: 'SAVED' }]),
    ]);
    const seen = { conversationId: 'c1', messageIds: ['01A', '01B'], user: me, status: 'SEEN' as const };

    state = applyStatus(state, seen);
    state = applyStatus(state, seen);

    expect(state.conversations[0]?.unSeenCount).toBe(0);
    expect(awaitingAcknowledgement(state, 'c1', 'SEEN')).toEqual([]);
  });

  it('keeps messages in id order whatever order they arrive in', () => {
    let state = withConversations(emptyChatState(me), [conversation()]);
    state = receiveMessage(state, message('01C', tutor, []));
    state = withMessages(state, 'c1', [message('01A', tutor, []), message('01B', tutor, [])]);
    expect(state.messages.c1?.map((m) => m._id)).toEqual(['01A', '01B', '01C']);
    expect(lastMessageId(state, 'c1')).toBe('01C');
  });

  it('adds and removes typing entries, and a received message clears the conversation’s', () => {
    let state = withConversations(emptyChatState(me), [conversation()]);
    state = applyTyping(state, { conversationId: 'c1', userId: tutor, typing: true });
    state = applyTyping(state, { conversationId: 'c1', userId: tutor, typing: true });
    expect(state.typing).toHaveLength(1);
    state = applyTyping(state, { conversationId: 'c1', userId: tutor, typing: false });
    expect(state.typing).toHaveLength(0);
    state = applyTyping(state, { conversationId: 'c1', userId: tutor, typing: true });
    state = receiveMessage(state, message('01A', tutor, [{ user: me, status: 'SAVED' }]));
    expect(state.typing).toHaveLength(0);
  });

  it('moves statuses only forward and shows the lowest recipient status to the sender', () => {
    expect(statusAdvances('SAVED', 'DELIVERED')).toBe(true);
    expect(statusAdvances('SEEN', 'DELIVERED')).toBe(false);
    expect(statusAdvances(undefined, 'SEEN')).toBe(false);
    expect(
      overallStatus(
        message('01A', me, [
          { user: 'a', status: 'SEEN' },
          { user: 'b', status: 'DELIVERED' },
        ]),
      ),
    ).toBe('DELIVERED');
  });

  it('sets presence on every conversation the user is in', () => {
    let state = withConversations(emptyChatState(me), [conversation(), conversation({ _id: 'c2' })]);
    state = applyPresence(state, { userId: tutor, isOnline: true, lastSeen: null });
    expect(state.conversations.every((c) => c.users[0]?.isOnline)).toBe(true);
  });
});
