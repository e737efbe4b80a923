import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { ConversationList, ConversationView, NewConversation } from './chat-views';
import type { Chat } from './use-chat';

type View = { mode: 'list' } | { mode: 'conversation'; conversationId: string } | { mode: 'new' };

/**
 * The user chat panel behind the floating chat button (spec 001 section 2): the conversation list with
 * unseen counts, a conversation, and a new conversation (someone of one's courses, or Support: the support
 * chat, which says who the school will answer, by name and e-mail).
 */
export function ChatPanel(props: { chat: Chat; open: boolean; onClose: () => void }) {
  const { chat } = props;
  const user = useSession()?.user;
  const [view, setView] = useState<View>({ mode: 'list' });
  const openConversation = (conversationId: string) => {
    chat.open(conversationId);
    setView({ mode: 'conversation', conversationId });
  };
  const toList = () => {
    chat.open(null);
    setView({ mode: 'list' });
  };
  // A started conversation opens when the server answers with it.
  if (view.mode === 'new' && chat.openId) setView({ mode: 'conversation', conversationId: chat.openId });
  const current =
    view.mode === 'conversation'
      ? chat.state.conversations.find((c) => c._id === view.conversationId)
      : undefined;
  return (
    <Drawer.Root
      open={props.open}
      onOpenChange={(event) => {
        if (!event.open) {
          chat.open(null);
          props.onClose();
        }
      }}
      placement="end"
      size={{ base: 'full', sm: 'sm' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-label="Chat">
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title>Chat</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0" display="flex" flexDirection="column">
              {view.mode === 'list' && (
                <ConversationList
                  chat={chat}
                  adminMode={false}
                  onOpen={openConversation}
                  onNew={() => setView({ mode: 'new' })}
                  newLabel="New"
                />
              )}
              {view.mode === 'conversation' && (
                <ConversationView
                  chat={chat}
                  conversationId={view.conversationId}
                  adminMode={false}
                  myUserId={user?._id ?? ''}
                  onBack={toList}
                  {...(current?.kind === 'admin' && user
                    ? { note: `Writing as ${user.firstname} ${user.lastname} (${user.email})` }
                    : {})}
                />
              )}
              {view.mode === 'new' && (
                <NewConversation
                  onPick={(userId) => chat.start(userId)}
                  onSupport={() => chat.start()}
                  onBack={toList}
                />
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close chat" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
