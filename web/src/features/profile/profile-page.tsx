import { Box, Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormDialog } from '../../components/form-dialog';
import { ownProfileCalls, type Profile } from '../../components/profile/profile-calls';
import { ProfileView } from '../../components/profile/profile-view';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { callApi, useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { canCall } from '../../lib/permissions';
import { endSession, useSession } from '../../lib/session';

const CONFIRM_WORD = 'DELETE';

/**
 * Deleting one's own account, after typing DELETE: the server anonymises what others still need (lessons
 * taught, payments); then, as after any users-area action that signs the user out (spec 002 section 2),
 * local session data is cleared and the app goes to the learning-portal root.
 */
function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await callApi('profile.deleteAccount', { body: { confirm: CONFIRM_WORD } });
    } catch {
      setBusy(false);
      return;
    }
    // Leave the signed-in page first, so its guard does not send the visitor to the login page.
    void navigate(paths.home, { flushSync: true });
    endSession();
  };
  return (
    <Box bg="bg" rounded="lg" borderWidth="1px" borderColor="red.muted" p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <Heading as="h2" size="md">
          Delete account
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Your account is closed and you are signed out. Lessons and payments others still need are kept
          without your name.
        </Text>
        <Button
          colorPalette="red"
          variant="outline"
          size="sm"
          alignSelf="start"
          onClick={() => {
            setTyped('');
            setOpen(true);
          }}
        >
          Delete account
        </Button>
      </Stack>
      <FormDialog
        open={open}
        role="alertdialog"
        title="Delete your account?"
        onClose={() => setOpen(false)}
        onSave={remove}
        busy={busy}
        saveLabel="Delete account"
        saveColorPalette="red"
        saveDisabled={typed.trim() !== CONFIRM_WORD}
      >
        <Stack gap="3">
          <Text>This cannot be undone. Type {CONFIRM_WORD} to confirm.</Text>
          <Input
            aria-label={`Type ${CONFIRM_WORD} to confirm`}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </Stack>
      </FormDialog>
    </Box>
  );
}

function OwnProfile() {
  const session = useSession();
  const { data: profile, error, mutate } = useApi(['profile.get']);
  const curricula = useApi(['curriculums.list']);
  usePageMeta('My profile');
  const onSaved = (saved: Profile) => void mutate(saved, { revalidate: false });
  return (
    <Stack maxW="5xl" mx="auto" px="4" py={{ base: '4', md: '8' }} gap="5">
      <Heading as="h1" size="xl">
        My profile
      </Heading>
      {error ? (
        <Text>Your profile could not be loaded.</Text>
      ) : !profile ? (
        <Text color="fg.muted">Loading profile…</Text>
      ) : (
        <>
          <Text color="fg.muted" fontSize="sm">
            {profile.email} · {profile.roleName}
          </Text>
          <ProfileView
            profile={profile}
            calls={ownProfileCalls}
            onSaved={onSaved}
            curricula={curricula.data?.docs ?? []}
          />
          {canCall(session?.user, 'profile.deleteAccount') && <DeleteAccount />}
        </>
      )}
    </Stack>
  );
}

/** /profile: one's own profile, each tab and field as one's role allows. */
export default function ProfilePage() {
  return (
    <RequireSession>
      <OwnProfile />
    </RequireSession>
  );
}
