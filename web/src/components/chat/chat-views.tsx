import { Badge, Box, Button, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuArrowLeft, LuCheck, LuCheckCheck, LuSend } from 'react-icons/lu';
import type { ChatMessage, Conversation } from '../../../../shared/chat/schemas';
import { overallStatus } from '../../../../shared/chat/state';
import { useApi } from '../../lib/api-client';
import type { Chat } from './use-chat';

/** Stops the typing entry this long after the last key. */
const TYPING_IDLE_MS = 1_500;
const CONTACTS_PAGE = 20;

export function conversationTitle(conversation: Conversation, adminMode: boolean): string {
  if (conversation.kind === 'course') return conversation.course?.title || 'Course chat';
  if (conversation.kind === 'admin' && !adminMode) return 'Support';
  const [other] = conversation.users;
  return other ? `${other.firstname} ${other.lastname}` : 'Conversation';
}

function presenceText(conversation: Conversation): string {
  if (conversation.kind === 'course') {
    const online = conversation.users.filter((user) => user.isOnline).length;
    return `${conversation.users.length + 1} people · ${online} online`;
  }
  const [other] = conversation.users;
  if (!other) return 'We usually answer within a day';
  if (other.isOnline) return 'Online';
  return other.lastSeen ? `Last seen ${new Date(other.lastSeen).toLocaleString()}` : 'Offline';
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The conversation list: newest activity first, each with its unseen count. */
export function ConversationList(props: {
  chat: Chat;
  adminMode: boolean;
  onOpen: (conversationId: string) => void;
  onNew: () => void;
  newLabel: string;
}) {
  const { conversations } = props.chat.state;
  return (
    <Stack gap="0" h="full">
      <HStack justify="space-between" px="4" py="3" borderBottomWidth="1px">
        <Text fontWeight="semibold">Conversations</Text>
        <Button size="xs" onClick={props.onNew}>
          {props.newLabel}
        </Button>
      </HStack>
      <Box flex="1" overflowY="auto" aria-label="Conversations" role="list">
        {!props.chat.connected && conversations.length === 0 && (
          <Text px="4" py="6" color="fg.muted">
            Connecting…
          </Text>
        )}
        {props.chat.connected && conversations.length === 0 && (
          <Text px="4" py="6" color="fg.muted">
            No conversations yet.
          </Text>
        )}
        {conversations.map((conversation) => (
          <Flex
            key={conversation._id}
            role="listitem"
            as="button"
            w="full"
            textAlign="left"
            px="4"
            py="3"
            gap="3"
            borderBottomWidth="1px"
            _hover={{ bg: 'bg.muted' }}
            onClick={() => props.onOpen(conversation._id)}
          >
            <Box flex="1" minW="0">
              <HStack gap="2">
                <Text fontWeight="medium" truncate>
                  {conversationTitle(conversation, props.adminMode)}
                </Text>
                {conversation.users.some((user) => user.isOnline) && (
                  <Box w="2" h="2" rounded="full" bg="green.500" aria-label="online" flexShrink="0" />
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" truncate>
                {conversation.lastMessage ?? 'No messages yet'}
              </Text>
            </Box>
            <Stack align="end" gap="1" flexShrink="0">
              {conversation.lastMessageTime && (
                <Text fontSize="xs" color="fg.muted">
                  {time(conversation.lastMessageTime)}
                </Text>
              )}
              {conversation.unSeenCount > 0 && (
                <Badge colorPalette="red" variant="solid" rounded="full" aria-label="unseen messages">
                  {conversation.unSeenCount}
                </Badge>
              )}
            </Stack>
          </Flex>
        ))}
      </Box>
    </Stack>
  );
}

/** One tick when stored, two when every recipient has it, two coloured when every one saw it. */
function Ticks(props: { message: ChatMessage }) {
  const status = overallStatus(props.message);
  const label = status === 'SEEN' ? 'Seen' : status === 'DELIVERED' ? 'Delivered' : 'Sent';
  return (
    <Box
      as="span"
      aria-label={label}
      title={label}
      data-status={status}
      color={status === 'SEEN' ? 'blue.500' : 'fg.muted'}
      display="inline-flex"
    >
      {status === 'SAVED' ? <LuCheck /> : <LuCheckCheck />}
    </Box>
  );
}

/** A conversation: its messages (with ticks on one's own), who is typing, and the composer. */
export function ConversationView(props: {
  chat: Chat;
  conversationId: string;
  adminMode: boolean;
  myUserId: string;
  onBack: () => void;
  /** Shown above the composer (the support chat's "writing as"). */
  note?: string;
}) {
  const { chat, conversationId } = props;
  const conversation = chat.state.conversations.find((c) => c._id === conversationId);
  const messages = chat.state.messages[conversationId] ?? [];
  const typing = chat.state.typing.filter((entry) => entry.conversationId === conversationId && entry.typing);
  const [text, setText] = useState('');
  const typingSince = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on each new message
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const typingName = (userId: string) => {
    if (userId === 'school') return 'Support';
    const user = conversation?.users.find((u) => u._id === userId);
    return user ? user.firstname : 'Someone';
  };

  function onChange(value: string) {
    setText(value);
    if (!typingSince.current) chat.typing(conversationId, true);
    clearTimeout(typingSince.current);
    typingSince.current = setTimeout(() => {
      typingSince.current = undefined;
      chat.typing(conversationId, false);
    }, TYPING_IDLE_MS);
  }

  function submit() {
    const message = text.trim();
    if (!message) return;
    if (chat.send(conversationId, message)) {
      setText('');
      clearTimeout(typingSince.current);
      typingSince.current = undefined;
      chat.typing(conversationId, false);
    }
  }

  const mine = (message: ChatMessage) =>
    props.adminMode
      ? message.status.every((s) => s.user !== 'school')
      : message.sender._id === props.myUserId;

  return (
    <Stack gap="0" h="full">
      <HStack px="2" py="2" borderBottomWidth="1px" gap="2">
        <IconButton aria-label="Back to conversations" variant="ghost" size="sm" onClick={props.onBack}>
          <LuArrowLeft />
        </IconButton>
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {conversation ? conversationTitle(conversation, props.adminMode) : 'Conversation'}
          </Text>
          {conversation && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {presenceText(conversation)}
            </Text>
          )}
        </Box>
      </HStack>
      <Stack flex="1" overflowY="auto" px="3" py="3" gap="2" aria-label="Messages">
        {messages.length >= 50 && (
          <Button size="xs" variant="ghost" alignSelf="center" onClick={() => chat.loadOlder(conversationId)}>
            Load older messages
          </Button>
        )}
        {messages.length === 0 && (
          <Text color="fg.muted" textAlign="center" py="6">
            Say hello.
          </Text>
        )}
        {messages.map((message) => {
          const own = mine(message);
          return (
            <Box
              key={message._id}
              alignSelf={own ? 'flex-end' : 'flex-start'}
              maxW="80%"
              bg={own ? 'blue.subtle' : 'bg.muted'}
              rounded="lg"
              px="3"
              py="2"
              data-testid="chat-message"
            >
              {!own && (
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                  {message.sender.firstname} {message.sender.lastname}
                </Text>
              )}
              <Text whiteSpace="pre-wrap" wordBreak="break-word">
                {message.message}
              </Text>
              <HStack justify="end" gap="1" fontSize="xs" color="fg.muted">
                <Text>{time(message.createdAt)}</Text>
                {own && <Ticks message={message} />}
              </HStack>
            </Box>
          );
        })}
        <div ref={end} />
      </Stack>
      <Box px="3" minH="6" aria-live="polite">
        {typing.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {typing.map((entry) => typingName(entry.userId)).join(', ')} typing…
          </Text>
        )}
      </Box>
      {props.note && (
        <Text px="3" fontSize="xs" color="fg.muted">
          {props.note}
        </Text>
      )}
      <HStack
        as="form"
        px="3"
        py="3"
        borderTopWidth="1px"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Input
          aria-label="Message"
          placeholder="Write a message"
          value={text}
          maxLength={4000}
          onChange={(event) => onChange(event.target.value)}
        />
        <IconButton type="submit" aria-label="Send" disabled={!text.trim() || !chat.connected}>
          <LuSend />
        </IconButton>
      </HStack>
    </Stack>
  );
}

/** One page of the people list (each "Load more" adds the next page below the ones shown). */
function ContactsPage(props: {
  search: string;
  offset: number;
  onPick: (userId: string) => void;
  onMore?: (next: number) => void;
}) {
  const { data, isLoading } = useApi([
    'chat.users',
    {
      query: {
        limit: CONTACTS_PAGE,
        offset: props.offset,
        ...(props.search ? { searchText: props.search } : {}),
      },
    },
  ]);
  if (!data)
    return isLoading ? (
      <Text px="4" py="3" color="fg.muted">
        Loading…
      </Text>
    ) : null;
  const next = props.offset + data.docs.length;
  return (
    <>
      {data.docs.map((person) => (
        <Flex
          key={person._id}
          as="button"
          role="listitem"
          w="full"
          textAlign="left"
          px="4"
          py="3"
          borderBottomWidth="1px"
          _hover={{ bg: 'bg.muted' }}
          onClick={() => props.onPick(person._id)}
        >
          <Box minW="0">
            <Text fontWeight="medium" truncate>
              {person.firstname} {person.lastname}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {person.type === 'tutor' ? 'Tutor' : 'Student'} · {person.email}
            </Text>
          </Box>
        </Flex>
      ))}
      {props.offset === 0 && data.totalDocs === 0 && (
        <Text px="4" py="6" color="fg.muted">
          Nobody found.
        </Text>
      )}
      {props.onMore && next < data.totalDocs && (
        <Box px="4" py="3">
          <Button size="sm" variant="outline" w="full" onClick={() => props.onMore?.(next)}>
            Load more
          </Button>
        </Box>
      )}
    </>
  );
}

/**
 * The new-conversation view: the people the caller may write to (the global chat users list), searched by
 * name or e-mail, a page at a time with "Load more".
 */
export function NewConversation(props: {
  onPick: (userId: string) => void;
  onBack: () => void;
  /** The user side: the support chat is one of the choices. */
  onSupport?: () => void;
}) {
  const [search, setSearch] = useState('');
  const [offsets, setOffsets] = useState<number[]>([0]);
  const searchText = search.trim();
  return (
    <Stack gap="0" h="full">
      <HStack px="2" py="2" borderBottomWidth="1px" gap="2">
        <IconButton aria-label="Back to conversations" variant="ghost" size="sm" onClick={props.onBack}>
          <LuArrowLeft />
        </IconButton>
        <Text fontWeight="semibold">New conversation</Text>
      </HStack>
      <Box px="3" py="3">
        <Input
          aria-label="Search people"
          placeholder="Search by name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffsets([0]);
          }}
        />
      </Box>
      <Box flex="1" overflowY="auto" role="list" aria-label="People">
        {props.onSupport && (
          <Flex
            as="button"
            role="listitem"
            w="full"
            textAlign="left"
            px="4"
            py="3"
            borderBottomWidth="1px"
            _hover={{ bg: 'bg.muted' }}
            onClick={props.onSupport}
          >
            <Box>
              <Text fontWeight="medium">Support</Text>
              <Text fontSize="sm" color="fg.muted">
                Write to the school's team
              </Text>
            </Box>
          </Flex>
        )}
        {offsets.map((offset, i) => (
          <ContactsPage
            key={`${searchText}#${offset}`}
            search={searchText}
            offset={offset}
            onPick={props.onPick}
            {...(i === offsets.length - 1
              ? { onMore: (next: number) => setOffsets((o) => [...o, next]) }
              : {})}
          />
        ))}
      </Box>
    </Stack>
  );
}
