import { Box, Float, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageCircle } from 'react-icons/lu';
import { totalUnseen } from '../../../../shared/chat/state';
import { ChatPanel } from './chat-panel';
import { useChat } from './use-chat';

/** The floating button once chat is loaded: it opens the panel and shows the unseen total. */
export default function ChatLauncher() {
  const [open, setOpen] = useState(true);
  const chat = useChat({ active: open });
  const unseen = totalUnseen(chat.state);
  return (
    <>
      <Box position="fixed" bottom="6" right="6" zIndex="docked">
        <IconButton aria-label="Open chat" rounded="full" size="xl" shadow="lg" onClick={() => setOpen(true)}>
          <LuMessageCircle />
        </IconButton>
        {unseen > 0 && (
          <Float placement="top-end">
            <Box
              bg="red.500"
              color="white"
              rounded="full"
              px="1.5"
              fontSize="xs"
              aria-label="unseen messages"
            >
              {unseen}
            </Box>
          </Float>
        )}
      </Box>
      <ChatPanel chat={chat} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
