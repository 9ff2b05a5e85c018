import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { typedPin } from '@opsuite/shared/contracts/staff-time';
import { type FormEvent, useState } from 'react';
import { useSavePunchPin } from '../staff.api';

// Setting a punch PIN: the employee's own on their Time clock page, or a manager's for an
// employee (contactId). 4 to 6 digits; the server keeps only a hash and never sends it back.

export const PIN_PATTERN = /^\d{4,6}$/;

export function PinForm({
  contactId,
  pinSet,
  onSaved,
}: {
  contactId?: string;
  pinSet: boolean;
  onSaved?: () => void;
}) {
  const save = useSavePunchPin();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setError('The PIN is 4 to 6 digits');
    save.mutate(
      { contactId, pin },
      {
        onSuccess: () => {
          setPin('');
          onSaved?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PasswordInput
          label="New PIN"
          value={pin}
          onChange={(e) => {
            setPin(typedPin(e.currentTarget.value));
            setError(null);
          }}
          error={error}
          inputMode="numeric"
          autoComplete="new-password"
          w={180}
        />
        <Button type="submit" loading={save.isPending}>
          {pinSet ? 'Change PIN' : 'Set PIN'}
        </Button>
        {pinSet && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => save.mutate({ contactId, pin: null }, { onSuccess: () => onSaved?.() })}
          >
            Remove PIN
          </Button>
        )}
      </Group>
    </form>
  );
}

/** The employee's own PIN on their Time clock page. */
export function PinCard({ pinSet, required }: { pinSet: boolean; required: boolean }) {
  return (
    <Card withBorder padding="lg" data-testid="pin-card">
      <Stack gap="xs">
        <Title order={4}>Punch PIN</Title>
        <Text size="sm" c="dimmed">
          {required
            ? 'The tablet time clock asks for this PIN after your punch id.'
            : 'Your organisation does not ask for a PIN at the tablet now; you can set one anyway.'}{' '}
          {pinSet ? 'You have a PIN.' : 'You have no PIN yet.'}
        </Text>
        <PinForm pinSet={pinSet} />
      </Stack>
    </Card>
  );
}
