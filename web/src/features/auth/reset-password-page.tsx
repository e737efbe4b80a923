import { Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { passwordSchema } from '../../../../shared/schemas/common';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { paths } from '../../config/paths';
import { resetPassword } from './api/reset-password';

export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const email = search.get('email') ?? '';
  const tokenFromLink = search.get('token') ?? '';
  const [token, setToken] = useState(tokenFromLink);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!token.trim()) next.token = 'Enter the code from the e-mail';
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? 'Invalid password';
    if (password !== confirm) next.confirm = 'The passwords do not match';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ email, token: token.trim(), password });
      navigate(`${paths.login}?resetSuccess=true`);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {tokenFromLink
              ? `Set a new password for ${email}.`
              : `If ${email || 'your address'} has an account, we have e-mailed it a reset link and code.`}
          </Text>
          {!tokenFromLink && (
            <FormField
              label="Reset code"
              value={token}
              onValueChange={setToken}
              error={errors.token}
              required
              autoComplete="one-time-code"
            />
          )}
          <FormField
            label="New password"
            type="password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            helper="At least 8 characters"
            required
            autoComplete="new-password"
          />
          <FormField
            label="Confirm new password"
            type="password"
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
            required
            autoComplete="new-password"
          />
          <Button type="submit" loading={busy} disabled={!email}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
