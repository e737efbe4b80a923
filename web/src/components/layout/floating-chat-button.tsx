import { IconButton } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { supportChatUrl } from '../../config/app-constants';

/** Opens the messaging app with the text "Hello". */
export function FloatingChatButton() {
  return (
    <IconButton
      asChild
      aria-label="Chat with us"
      position="fixed"
      bottom="6"
      right="6"
      rounded="full"
      size="xl"
      shadow="lg"
      zIndex="docked"
    >
      <a href={supportChatUrl()} target="_blank" rel="noopener noreferrer">
        <LuMessageCircle />
      </a>
    </IconButton>
  );
}
