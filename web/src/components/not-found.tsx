import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageMeta } from '../lib/meta-tags';

/** What a path that names nothing shows: plainly "not found", with the way home. */
export function NotFound() {
  const { pathname } = useLocation();
  usePageMeta('Page not found');
  return (
    <Center minH="calc(100vh - 64px)" px="4">
      <Stack gap="4" textAlign="center" maxW="md">
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">There is no page at {pathname}. It may have moved.</Text>
        <Button asChild alignSelf="center">
          <RouterLink to={paths.home}>Go to the home page</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
