import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { TokenResponse } from '../../../../shared/schemas/auth';
import type { AuthUser } from '../../../../shared/schemas/user';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { paths } from '../../config/paths';
import { currentSession, endSession, startSession, useSession } from '../../lib/session';
import { exchangeIdentity, logIn } from './api/log-in';
import { identityFromFragment } from './utils/identity-fragment';
import { postLoginPath } from './utils/post-login-path';

type PendingIdentity = TokenResponse & { oauthUser: AuthUser };

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingIdentity>();
  const session = useSession();
  // Signing in happened just now, here: the form's own navigation goes on, not the signed-in redirect.
  const [signingIn, setSigningIn] = useState(false);
  // Read once: the effect below takes the identity out of the address at once.
  const [cameWithIdentity] = useState(() => identityFromFragment(window.location.hash) !== undefined);

  // An identity handed over in the URL fragment signs in without the form, but only once the person has
  // seen whose account it is and agreed: anyone can send a link naming their own account, and someone
  // signed into it unawares would put their own work and details into it. The same account already
  // signed in on this browser goes on without asking.
  useEffect(() => {
    const identity = identityFromFragment(window.location.hash);
    if (!identity) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setBusy(true);
    exchangeIdentity(identity.idToken, identity.userId)
      .then((response) => {
        const user = response.oauthUser;
        if (!user) throw new Error('The sign-in answer has no user');
        if (currentSession()?.user._id === user._id) {
          navigate(postLoginPath(startSession(response), search), { replace: true });
          return;
        }
        setPending({ ...response, oauthUser: user });
        setBusy(false);
      })
      .catch(() => setBusy(false));
  }, [navigate, search]);

  if (pending) {
    return (
      <IdentityConfirmation
        identity={pending.oauthUser}
        onContinue={() => {
          // The other account's session ends first, with its cached reads, as a sign-out does.
          if (currentSession()) endSession();
          navigate(postLoginPath(startSession(pending), search), { replace: true });
        }}
        onCancel={() => setPending(undefined)}
      />
    );
  }

  // A signed-in person who comes back here (Back after signing in, an old link) goes on to the portal: the
  // form would only sign them in again. A link's identity still asks first (above).
  if (session && !signingIn && !cameWithIdentity) {
    return <Navigate to={postLoginPath(session.user, search)} replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSigningIn(true);
    try {
      const user = await logIn(email, password);
      // Replacing the login page, so Back from the page reached goes where the person was before it.
      navigate(postLoginPath(user, search), { replace: true });
    } catch {
      // The error toast already told the user what went wrong.
      setSigningIn(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Log in" subtitle="Welcome back">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {search.has('expired') && (
            <Alert.Root status="warning" data-testid="session-expired">
              <Alert.Indicator />
              <Alert.Title>Your session has expired. Log in again to continue where you were.</Alert.Title>
            </Alert.Root>
          )}
          {search.has('resetSuccess') && (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>Your password has been reset. Log in with your new password.</Alert.Title>
            </Alert.Root>
          )}
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            required
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            required
          />
          <Button type="submit" loading={busy} disabled={!email || !password}>
            Log in
          </Button>
          <Stack direction="row" justify="space-between" fontSize="sm">
            <Link asChild colorPalette="brand">
              <RouterLink to={paths.forgotPassword}>Forgot password?</RouterLink>
            </Link>
            <Text>
              New here?{' '}
              <Link asChild colorPalette="brand">
                <RouterLink to={paths.signUp}>Create an account</RouterLink>
              </Link>
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Whose account a sign-in link opens, and whose session it would end, before anything changes. */
function IdentityConfirmation({
  identity,
  onContinue,
  onCancel,
}: {
  identity: AuthUser;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const signedIn = useSession()?.user;
  const name = `${identity.firstname} ${identity.lastname}`.trim();
  return (
    <AuthCard title={`Continue as ${name}?`} subtitle="A link is signing you in">
      <Stack gap="4">
        <Text data-testid="link-identity">
          This link signs you in to the account of <strong>{name}</strong> ({identity.email}).
        </Text>
        {signedIn && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title data-testid="signed-in-identity">
              You are signed in as {`${signedIn.firstname} ${signedIn.lastname}`.trim()} ({signedIn.email}).
              Continuing signs you out of that account.
            </Alert.Title>
          </Alert.Root>
        )}
        <Text fontSize="sm" color="fg.muted">
          If this is not your account, or you did not open this link yourself, cancel: anything you do next
          would be done in that account.
        </Text>
        <Button onClick={onContinue}>Continue as {identity.firstname}</Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </AuthCard>
  );
}
