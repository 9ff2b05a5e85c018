import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginBody } from '@opsuite/shared';
import { landingPath } from '@opsuite/shared/rules/permissions';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../app/api-client';
import { clearSession, NO_WEB_ACCESS_MESSAGE, storeSession } from '../../app/auth-store';
import { type FieldErrors, validate } from '../../app/validate';
import { useLogin } from './auth.api';
import { AuthShell } from './components/auth-shell';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(
    (location.state as { noAccess?: boolean } | null)?.noAccess ? NO_WEB_ACCESS_MESSAGE : null,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(loginBody, { email, password });
    setErrors(checked.errors);
    if (!checked.ok) return;
    setFailure(null);
    login.mutate(checked.data, {
      onSuccess: (answer) => {
        const target = landingPath(answer.userData.userType);
        if (target === '/login') {
          // Any other user type stays on /login with nothing stored.
          clearSession();
          setFailure(NO_WEB_ACCESS_MESSAGE);
          return;
        }
        storeSession(answer);
        navigate(target, { replace: true });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to your account to continue."
      footer={
        <>
          New here?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            data-autofocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password && 'Password is required'}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            Sign in
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
