import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../app/auth-store';
import { toast } from '../../../app/toast';
import { useDeleteAccount } from '../auth.api';

/** Deleting the account asks for the password in a modal; afterwards the user is signed out. */
export function DeleteAccountCard() {
  const [opened, modal] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const close = () => {
    modal.close();
    setPassword('');
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast.success('Your account has been deleted');
        clearSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });
  };

  return (
    <Card padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="sm">
        <Title order={4} c="red">
          Delete account
        </Title>
        <Text size="sm" c="dimmed">
          Deleting your account removes your sign-in and your access to every organisation. This cannot be
          undone.
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={modal.open}>
            Delete account
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title="Delete account" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Enter your password to confirm that you want to delete your account.</Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
