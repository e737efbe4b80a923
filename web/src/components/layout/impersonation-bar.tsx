import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { endImpersonation } from '../../lib/end-impersonation';
import { useSession } from '../../lib/session';

/**
 * While an admin acts as someone ("Log in as"), every page says so under the header and offers the way
 * back to the admin's own session. Signing out instead ends the acting session like any other: the browser
 * holds nothing of the admin's to leave behind.
 */
export function ImpersonationBar() {
  const user = useSession()?.user;
  const [busy, setBusy] = useState(false);
  if (!user?.impersonatedBy) return null;
  const back = async () => {
    setBusy(true);
    // The page reloads on success; a refusal has shown its toast (or signed the session out on a 401).
    await endImpersonation().catch(() => setBusy(false));
  };
  return (
    <Flex
      role="region"
      aria-label="Signed in by an administrator"
      bg="orange.subtle"
      color="orange.fg"
      borderBottomWidth="1px"
      borderColor="orange.muted"
      px="4"
      py="2"
      gap="3"
      align="center"
      justify="center"
      wrap="wrap"
    >
      <Text fontSize="sm" textAlign="center">
        Signed in by an administrator as {user.firstname} {user.lastname}
      </Text>
      <Button size="xs" colorPalette="orange" loading={busy} onClick={() => void back()}>
        Back to my account
      </Button>
    </Flex>
  );
}
