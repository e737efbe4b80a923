import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { NavigationEffects } from '../navigation-effects';
import { FloatingChatButton } from './floating-chat-button';
import { GlobalLoader } from './global-loader';
import { Header } from './header';
import { ImpersonationBar } from './impersonation-bar';

export function AppLayout() {
  return (
    <Box minH="100vh" bg="bg.subtle">
      <NavigationEffects />
      <Header />
      <ImpersonationBar />
      <GlobalLoader />
      <Box as="main" minH="calc(100vh - 64px)">
        <Outlet />
      </Box>
      <FloatingChatButton />
    </Box>
  );
}
