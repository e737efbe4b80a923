import { Box, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuMessageCircle } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import { supportChatUrl } from '../../config/app-constants';
import { paths } from '../../config/paths';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';

const ChatLauncher = lazy(() => import('../chat/chat-launcher'));

const position = {
  position: 'fixed',
  bottom: '6',
  right: '6',
  rounded: 'full',
  size: 'xl',
  shadow: 'lg',
  zIndex: 'docked',
} as const;

/**
 * The floating chat button. Signed-in users who may chat (not guests, a role with a chat permission: spec
 * 000 section 6) get the chat panel; everyone else the messaging-app link with the text "Hello".
 */
export function FloatingChatButton() {
  const user = useSession()?.user;
  const [wanted, setWanted] = useState(false);
  const { pathname } = useLocation();
  // The admin chat page is the chat already (and the button would cover its Send button).
  if (pathname.startsWith(paths.adminChat)) return null;
  const chats = !!user && user.type !== 'guest' && !user.role.isGuest && canCall(user, 'chat.users');
  if (!chats) {
    return (
      <IconButton asChild aria-label="Chat with us" {...position}>
        <a href={supportChatUrl()} target="_blank" rel="noopener noreferrer">
          <LuMessageCircle />
        </a>
      </IconButton>
    );
  }
  // The panel's code loads with the first click (the socket connects only while the panel is open).
  if (!wanted)
    return (
      <IconButton aria-label="Open chat" onClick={() => setWanted(true)} {...position}>
        <LuMessageCircle />
      </IconButton>
    );
  return (
    <Suspense fallback={<Box />}>
      <ChatLauncher />
    </Suspense>
  );
}
