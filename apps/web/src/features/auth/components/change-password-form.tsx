import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordField } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/toast';
import { useUpdateProfile } from '../auth.api';

export function ChangePasswordForm({ userId }: { userId: string }) {
  const update = useUpdateProfile(userId);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!currentPassword) next.currentPassword = 'Current password is required to set a new one';
    const checked = passwordField.safeParse(newPassword);
    if (!checked.success) next.newPassword = checked.error.issues[0]?.message ?? 'Invalid password';
    setErrors(next);
    if (next.currentPassword || next.newPassword) return;
    update.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success('Password changed');
          setCurrentPassword('');
          setNewPassword('');
        },
      },
    );
  };

  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={4}>Change password</Title>
            <Text size="sm" c="dimmed">
              Enter your current password to choose a new one.
            </Text>
          </div>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            error={errors.currentPassword}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description="At least 8 characters"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={errors.newPassword}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={update.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
