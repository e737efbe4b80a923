import { Button, Link, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { emailSchema } from '../../../../shared/schemas/common';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { paths } from '../../config/paths';
import { toastSuccess } from '../../lib/toaster';
import { requestPasswordReset } from './api/request-password-reset';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const result = await requestPasswordReset(parsed.data);
      toastSuccess(result.message);
      navigate(`${paths.resetPassword}?${new URLSearchParams({ email: parsed.data })}`);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormField
            label="Email"
            type="email"
            value={email}
            onValueChange={setEmail}
            error={error}
            required
            autoComplete="email"
          />
          <Button type="submit" loading={busy}>
            Send reset link
          </Button>
          <Link asChild colorPalette="brand" fontSize="sm">
            <RouterLink to={paths.login}>Back to log in</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
