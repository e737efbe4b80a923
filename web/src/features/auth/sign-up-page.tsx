import { Button, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { signUpBodySchema } from '../../../../shared/schemas/user';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/form-field';
import { paths } from '../../config/paths';
import { fieldErrors } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/toaster';
import { signUp } from './api/sign-up';

export default function SignUpPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstname: '', lastname: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signUpBodySchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signUp(parsed.data);
      toastSuccess('User account created!');
      navigate(paths.portal);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" subtitle="Start learning with expert tutors">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField
              label="First name"
              value={form.firstname}
              onValueChange={set('firstname')}
              error={errors.firstname}
              required
              autoComplete="given-name"
            />
            <FormField
              label="Last name"
              value={form.lastname}
              onValueChange={set('lastname')}
              error={errors.lastname}
              required
              autoComplete="family-name"
            />
          </SimpleGrid>
          <FormField
            label="Email"
            type="email"
            value={form.email}
            onValueChange={set('email')}
            error={errors.email}
            required
            autoComplete="email"
          />
          <FormField
            label="Password"
            type="password"
            value={form.password}
            onValueChange={set('password')}
            error={errors.password}
            helper="At least 8 characters"
            required
            autoComplete="new-password"
          />
          <Button type="submit" loading={busy}>
            Sign up
          </Button>
          <Text fontSize="sm">
            Already have an account?{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to={paths.login}>Log in</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
