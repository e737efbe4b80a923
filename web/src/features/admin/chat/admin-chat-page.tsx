import { Box, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConversationList, ConversationView, NewConversation } from '../../../components/chat/chat-views';
import { useChat } from '../../../components/chat/use-chat';
import { useSession } from '../../../lib/session';

type View = { mode: 'list' } | { mode: 'conversation'; conversationId: string } | { mode: 'new' };

/**
 * The admin chat panel (spec 001 section 2), with its three view modes: the conversation list (the
 * school's inbox: support chats and conversations admins started, with unseen counts), a conversation, and
 * a new conversation with any student or tutor (the global chat users list). The socket connects in admin
 * mode while this page is open.
 */
export default function AdminChatPage() {
  const user = useSession()?.user;
  const chat = useChat({ active: true, adminMode: true });
  const [view, setView] = useState<View>({ mode: 'list' });
  const toList = () => {
    chat.open(null);
    setView({ mode: 'list' });
  };
  if (view.mode === 'new' && chat.openId) setView({ mode: 'conversation', conversationId: chat.openId });
  return (
    <Box>
      <Heading size="lg" mb="1">
        Chat
      </Heading>
      <Text color="fg.muted" mb="4">
        Support conversations and messages to students and tutors, answered as the school.
      </Text>
      <Box
        borderWidth="1px"
        rounded="md"
        bg="bg"
        h={{ base: '70vh', md: '600px' }}
        display="flex"
        flexDirection="column"
      >
        {view.mode === 'list' && (
          <ConversationList
            chat={chat}
            adminMode
            onOpen={(conversationId) => {
              chat.open(conversationId);
              setView({ mode: 'conversation', conversationId });
            }}
            onNew={() => setView({ mode: 'new' })}
            newLabel="New conversation"
          />
        )}
        {view.mode === 'conversation' && (
          <ConversationView
            chat={chat}
            conversationId={view.conversationId}
            adminMode
            myUserId={user?._id ?? ''}
            onBack={toList}
          />
        )}
        {view.mode === 'new' && <NewConversation onPick={(userId) => chat.start(userId)} onBack={toList} />}
      </Box>
    </Box>
  );
}
