import { Avatar, Button, Card, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { useSession } from '../../lib/session';
import { type MappedAccount, useMappedAccounts } from './api/get-mapped-accounts';
import { switchAccount } from './api/switch-account';

function ManageAccounts() {
  const session = useSession();
  const navigate = useNavigate();
  const { data } = useMappedAccounts();
  const [switching, setSwitching] = useState<string>();
  usePageMeta('Choose an account');

  const choose = async (account: MappedAccount) => {
    if (account._id === session?.user._id) {
      navigate(paths.portal);
      return;
    }
    setSwitching(account._id);
    try {
      await switchAccount(account._id);
      // A fresh start of the app as the other account: nothing read for the previous one (cached reads,
      // the linked accounts of this page) can show, even for a moment.
      window.location.assign(`${import.meta.env.BASE_URL}${paths.portal.slice(1)}`);
    } catch {
      // Toasted by the API client.
    } finally {
      setSwitching(undefined);
    }
  };

  return (
    <Center px="4" py="10">
      <Stack w="full" maxW="lg" gap="4">
        <Heading as="h1" size="xl">
          Choose an account
        </Heading>
        <Text color="fg.muted">These accounts are linked to yours. Pick the one to continue with.</Text>
        {(data?.docs ?? []).map((account) => (
          <Card.Root key={account._id} variant="outline" data-testid="linked-account">
            <Card.Body>
              <HStack justify="space-between">
                <HStack gap="3">
                  <Avatar.Root colorPalette="brand">
                    <Avatar.Fallback name={`${account.firstname} ${account.lastname}`} />
                  </Avatar.Root>
                  <Stack gap="0">
                    <Text fontWeight="medium">
                      {account.firstname} {account.lastname}
                      {account._id === session?.user._id ? ' (you)' : ''}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {account.email}
                    </Text>
                  </Stack>
                </HStack>
                <Button size="sm" loading={switching === account._id} onClick={() => choose(account)}>
                  Continue
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Center>
  );
}

export default function ManageAccountsPage() {
  return (
    <RequireSession>
      <ManageAccounts />
    </RequireSession>
  );
}
