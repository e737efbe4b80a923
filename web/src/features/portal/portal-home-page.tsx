import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { canUseBackOffice } from '../../lib/permissions';
import { useAuthUser } from '../../lib/use-auth-user';

function PortalHome() {
  const { user: current } = useAuthUser();
  if (!current) return null;

  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading size="2xl">Welcome, {current.firstname}!</Heading>
          <HStack>
            <Badge colorPalette="teal">{current.role.name}</Badge>
            {current.impersonatedBy && <Badge colorPalette="orange">Signed in by an administrator</Badge>}
          </HStack>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Card.Root>
            <Card.Body>
              <Heading size="md">Your account</Heading>
              <Text color="fg.muted">{current.email}</Text>
            </Card.Body>
          </Card.Root>
          {current.userMapper && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">Linked accounts</Heading>
                <Text color="fg.muted">{current.userMapper.users.length} accounts are linked to yours.</Text>
                <Button asChild size="sm" variant="outline" alignSelf="start">
                  <RouterLink to={paths.manageAccounts}>Switch account</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
          {canUseBackOffice(current) && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">Back-office</Heading>
                <Text color="fg.muted">Manage roles and permissions.</Text>
                <Button asChild size="sm" alignSelf="start">
                  <RouterLink to={paths.admin}>Open admin</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

export default function PortalHomePage() {
  return (
    <RequireSession>
      <PortalHome />
    </RequireSession>
  );
}
