import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  IconButton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PersonSelect, personLabel } from '../../../components/admin/person-picker';
import { FormDialog } from '../../../components/form-dialog';
import { adminProfileCalls, type Profile } from '../../../components/profile/profile-calls';
import { type ProfileTab, ProfileView } from '../../../components/profile/profile-view';
import { useProfileWrite } from '../../../components/profile/use-profile-write';
import { paths } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { usePageMeta } from '../../../lib/meta-tags';
import { canCall } from '../../../lib/permissions';
import { startSession, useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';
import { useRoleChoices } from './use-role-choices';
import { StudentRateTypeTab } from './user-rate-type';
import { UserTutorRates } from './user-tutor-rates';

/** Admin notes (spec 002): each add or delete answers the user, who replaces the one shown, in place. */
function NotesTab(props: { profile: Profile; canEdit: boolean; onSaved: (profile: Profile) => void }) {
  const { profile, canEdit, onSaved } = props;
  const [note, setNote] = useState('');
  const { busy, run } = useProfileWrite(onSaved);
  const notes = profile.notes ?? [];
  const add = async () => {
    const body = { note: note.trim() };
    if (
      await run(() => callApi('adminUsers.createNote', { params: { id: profile._id }, body }), 'Note Created')
    ) {
      setNote('');
    }
  };
  return (
    <Stack gap="4">
      {canEdit && (
        <Stack gap="2">
          <Textarea
            aria-label="New note"
            placeholder="Write a note about this user (only admins see it)"
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button size="sm" alignSelf="end" onClick={add} loading={busy} disabled={!note.trim()}>
            Add note
          </Button>
        </Stack>
      )}
      {notes.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No notes yet
        </Text>
      ) : (
        <Stack gap="2">
          {notes.map((entry) => (
            <Flex
              key={entry._id}
              gap="3"
              borderWidth="1px"
              rounded="md"
              px="3"
              py="2"
              data-testid="admin-note"
            >
              <Box flex="1" minW="0">
                <Text whiteSpace="pre-wrap">{entry.note}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {entry.createdBy.name} · {formatDateTime(entry.createdAt)}
                </Text>
              </Box>
              {canEdit && (
                <IconButton
                  aria-label="Delete note"
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  disabled={busy}
                  onClick={() =>
                    run(
                      () =>
                        callApi('adminUsers.deleteNote', {
                          params: { id: profile._id },
                          query: { noteId: entry._id },
                        }),
                      'Note Deleted',
                    )
                  }
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </Flex>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The user mapper: a parent's account linked to their children's, so the parent switches between them
 * (/manage-accounts). Students are picked from the people dropdown; a child's page shows its parent.
 */
function LinkedAccountsTab(props: {
  profile: Profile;
  canEdit: boolean;
  onSaved: (profile: Profile) => void;
}) {
  const { profile, canEdit, onSaved } = props;
  const linked = profile.linkedAccounts ?? [];
  const [children, setChildren] = useState(linked);
  const [pick, setPick] = useState('');
  const [busy, setBusy] = useState(false);
  const isParent = profile.type === 'parent';
  const changed =
    children.length !== linked.length || children.some((child, i) => child._id !== linked[i]?._id);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await callApi('adminUsers.linkAccounts', {
        params: { id: profile._id },
        body: { childIds: children.map((child) => child._id) },
      });
      onSaved(saved);
      setChildren(saved.linkedAccounts ?? []);
      toastSuccess('Accounts linked');
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {isParent
          ? 'The children this parent may switch to after signing in.'
          : 'The parent accounts linked to this account.'}
      </Text>
      {(isParent ? children : linked).length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No linked accounts
        </Text>
      ) : (
        <Stack gap="1">
          {(isParent ? children : linked).map((account) => (
            <HStack key={account._id} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2">
              <Text>
                {personLabel(account)}{' '}
                <Text as="span" color="fg.muted">
                  ({account.email})
                </Text>
              </Text>
              {isParent && canEdit && (
                <IconButton
                  aria-label={`Unlink ${personLabel(account)}`}
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setChildren(children.filter((child) => child._id !== account._id))}
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {isParent && canEdit && (
        <Flex gap="3" wrap="wrap" align="end">
          <PersonSelect
            label="Student"
            userTypes="student"
            value={pick}
            width="80"
            exclude={children.map((child) => child._id)}
            onChange={(userId, person) => {
              setPick('');
              if (userId && person) setChildren([...children, person]);
            }}
          />
          <Button size="sm" onClick={save} loading={busy} disabled={!changed}>
            Save links
          </Button>
        </Flex>
      )}
    </Stack>
  );
}

/**
 * /admin/users/:userId: a user's profile as the admin's permissions show it, with what an admin does to an
 * account: notes, the user mapper, a temporary password sent again, and "Log in as".
 */
export default function AdminUserPage() {
  const { userId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const { data: profile, error, mutate } = useApi(['adminUsers.get', { params: { id: userId } }]);
  const roles = useRoleChoices();
  const curricula = useApi(['curriculums.list']);
  const [confirm, setConfirm] = useState<'password' | 'logInAs' | undefined>();
  const [busy, setBusy] = useState(false);
  usePageMeta(profile ? `${profile.firstname} ${profile.lastname}` : 'User');

  if (error) {
    return (
      <Stack gap="3">
        <Text>This user could not be loaded.</Text>
        <Button asChild variant="outline" size="sm" alignSelf="start">
          <Link to={paths.adminUsers}>Back to users</Link>
        </Button>
      </Stack>
    );
  }
  if (!profile) return <Text color="fg.muted">Loading user…</Text>;

  // Each answer is the whole user: it replaces the one shown, without reading it again.
  const onSaved = (saved: Profile) => void mutate(saved, { revalidate: false });
  const canEdit = canCall(session?.user, 'adminUsers.update');
  const canLogInAs = canCall(session?.user, 'auth.logInAsUser') && profile.type !== 'admin';
  const canResend = canCall(session?.user, 'adminUsers.resendPassword');

  const act = async () => {
    setBusy(true);
    try {
      if (confirm === 'password') {
        await callApi('adminUsers.resendPassword', { params: { userId: profile._id } });
        toastSuccess('Temporary password sent!');
        setConfirm(undefined);
      } else if (confirm === 'logInAs') {
        // The same path as any sign-in: the token and the user are stored, and the portal opens as them.
        startSession(await callApi('auth.logInAsUser', { body: { userId: profile._id } }));
        navigate(paths.portal);
      }
    } catch {
      setConfirm(undefined);
    } finally {
      setBusy(false);
    }
  };

  const extraTabs: ProfileTab[] = [];
  if (profile.type === 'parent' || profile.type === 'student') {
    extraTabs.push({
      value: 'linked',
      label: profile.type === 'parent' ? 'Children' : 'Parents',
      content: <LinkedAccountsTab profile={profile} canEdit={canEdit} onSaved={onSaved} />,
    });
  }
  if (profile.type === 'student') {
    extraTabs.push({
      value: 'rate-type',
      label: 'Rate type',
      content: (
        <StudentRateTypeTab
          profile={profile}
          canEdit={canCall(session?.user, 'adminUsers.setRateStudentType')}
          onSaved={onSaved}
        />
      ),
    });
  }
  if (profile.notes) {
    extraTabs.push({
      value: 'notes',
      label: 'Admin notes',
      content: <NotesTab profile={profile} canEdit={canEdit} onSaved={onSaved} />,
    });
  }

  return (
    <Stack gap="5">
      <Box bg="bg" rounded="lg" borderWidth="1px" p={{ base: '4', md: '5' }}>
        <Flex justify="space-between" gap="4" wrap="wrap" align="start">
          <Stack gap="1">
            <Button asChild variant="plain" size="xs" px="0" alignSelf="start" color="fg.muted">
              <Link to={paths.adminUsers}>← Users</Link>
            </Button>
            <Heading as="h1" size="xl">
              {profile.firstname} {profile.lastname}
            </Heading>
            <HStack gap="2" wrap="wrap">
              <Badge textTransform="capitalize">{profile.type}</Badge>
              <Text fontSize="sm" color="fg.muted">
                {profile.roleName} · {profile.email} · since {formatDate(profile.createdAt)}
              </Text>
            </HStack>
          </Stack>
          <HStack gap="2" wrap="wrap">
            {canResend && (
              <Button size="sm" variant="outline" onClick={() => setConfirm('password')}>
                Resend temporary password
              </Button>
            )}
            {canLogInAs && (
              <Button size="sm" onClick={() => setConfirm('logInAs')}>
                Log in as
              </Button>
            )}
          </HStack>
        </Flex>
      </Box>

      <ProfileView
        profile={profile}
        calls={adminProfileCalls(profile._id)}
        onSaved={onSaved}
        curricula={curricula.data?.docs ?? []}
        roles={roles}
        extraTabs={extraTabs}
        tutorRates={
          <UserTutorRates userId={profile._id} canEdit={profile.access.writable.includes('tutorRates')} />
        }
      />

      <FormDialog
        open={!!confirm}
        role="alertdialog"
        title={confirm === 'password' ? 'Resend temporary password' : `Log in as ${profile.firstname}`}
        onClose={() => setConfirm(undefined)}
        onSave={act}
        busy={busy}
        saveLabel={confirm === 'password' ? 'Send' : 'Log in as'}
      >
        <Text>
          {confirm === 'password'
            ? `${profile.email} is sent a new temporary password; the old one stops working.`
            : `You will be signed in as ${profile.firstname} ${profile.lastname} and see what they see. Sign out to end it.`}
        </Text>
      </FormDialog>
    </Stack>
  );
}
