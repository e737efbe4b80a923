import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { paths } from '../../config/paths';
import { logIn, logInWithIdentity } from './api/log-in';
import { identityFromFragment } from './utils/identity-fragment';
import { postLoginPath } from './utils/post-login-path';

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  // An identity handed over in the URL fragment signs in without the form.
  useEffect(() => {
    const identity = identityFromFragment(window.location.hash);
    if (!identity) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setBusy(true);
    logInWithIdentity(identity.idToken, identity.userId)
      .then((user) => navigate(postLoginPath(user, search)))
      .catch(() => setBusy(false));
  }, [navigate, search]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const user = await logIn(email, password);
      navigate(postLoginPath(user, search));
    } catch {
      // The error toast already told the user what went wrong.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Log in" subtitle="Welcome back">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
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
            <Link asChild colorPalette="teal">
              <RouterLink to={paths.forgotPassword}>Forgot password?</RouterLink>
            </Link>
            <Text>
              New here?{' '}
              <Link asChild colorPalette="teal">
                <RouterLink to={paths.signUp}>Create an account</RouterLink>
              </Link>
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
