import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { registerBody } from '@opsuite/shared';
import { landingPath } from '@opsuite/shared/rules/permissions';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/api-client';
import { storeSession } from '../../app/auth-store';
import { type FieldErrors, validate } from '../../app/validate';
import { useRegister } from './auth.api';
import { AuthShell } from './components/auth-shell';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Sign-up: the new user becomes the admin of a new organisation. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState({ fullName: '', organizationName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(registerBody, { ...values, timeZone: browserTimeZone() });
    setErrors(checked.errors);
    if (!checked.ok) return;
    setFailure(null);
    register.mutate(checked.data, {
      onSuccess: (answer) => {
        storeSession(answer);
        const target = landingPath(answer.userData.userType);
        navigate(target === '/login' ? '/' : target, { replace: true });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <AuthShell
      title="Create your account"
      subtitle="Set up your organisation in less than a minute."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Full name" autoComplete="name" {...field('fullName')} />
          <TextInput label="Organisation name" autoComplete="organization" {...field('organizationName')} />
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            {...field('password')}
          />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            Create account
          </Button>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </form>
    </AuthShell>
  );
}
