import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { resetPasswordBody, sendResetCodeBody } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../app/toast';
import { type FieldErrors, validate } from '../../app/validate';
import { useResetPassword, useSendResetCode } from './auth.api';
import { AuthShell } from './components/auth-shell';

/** Two steps: e-mail a 6-digit code, then set a new password with it. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const sendCode = useSendResetCode();
  const reset = useResetPassword();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const requestCode = (event?: FormEvent) => {
    event?.preventDefault();
    const checked = validate(sendResetCodeBody, { email });
    setErrors(checked.errors);
    if (!checked.ok) return;
    sendCode.mutate(checked.data.email, {
      onSuccess: () => {
        toast.success('We sent a 6-digit code to your email');
        setEmail(checked.data.email);
        setStep('reset');
      },
    });
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(resetPasswordBody, { email, code: code.trim(), password });
    setErrors(checked.errors);
    if (!checked.ok) return;
    reset.mutate(checked.data, {
      onSuccess: () => {
        toast.success('Your password has been reset');
        navigate('/login', { replace: true });
      },
    });
  };

  const footer = (
    <Anchor component={Link} to="/login" fw={600}>
      Back to sign in
    </Anchor>
  );

  if (step === 'email') {
    return (
      <AuthShell
        title="Forgot your password?"
        subtitle="Enter your email and we will send you a code to reset it."
        footer={footer}
      >
        <form onSubmit={requestCode} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
            <Button type="submit" fullWidth size="md" loading={sendCode.isPending}>
              Send code
            </Button>
          </Stack>
        </form>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Reset your password"
      subtitle={
        <>
          Enter the 6-digit code we sent to <b>{email}</b> and choose a new password.
        </>
      }
      footer={footer}
    >
      <form onSubmit={submitReset} noValidate>
        <Stack gap="md">
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            error={errors.code}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description="At least 8 characters"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            Reset password
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Didn't get it?{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => requestCode()}>
              Send a new code
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
