import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { addDaysToIsoDate, formatDay, todayInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import type { Contract } from '../billing.api';
import { useContractActions } from '../billing-actions.api';

// Freezing a contract until a day, confirmed here: billing pauses, the paid days the freeze
// covers move the next bill out, and the contract thaws by itself on that day.

export function FreezeModal({
  contactId,
  contract,
  onClose,
}: {
  contactId: string;
  contract: Contract | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={contract !== null}
      onClose={onClose}
      title="Freeze contract"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {contract && (
        <FreezeForm key={contract._id} contactId={contactId} contract={contract} onDone={onClose} />
      )}
    </Modal>
  );
}

function FreezeForm({
  contactId,
  contract,
  onDone,
}: {
  contactId: string;
  contract: Contract;
  onDone: () => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const today = todayInZone(timeZone);
  const { freeze } = useContractActions(contactId);
  const [until, setUntil] = useState(addDaysToIsoDate(today, 14));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return setError('Choose the day the contract runs again');
    if (until <= today) return setError('The freeze must end after today');
    setError(null);
    freeze.mutate(
      { contract, until },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (e) => toastFailure(e),
      },
    );
  };
  const days = Math.round((Date.parse(until) - Date.parse(today)) / 86_400_000);
  return (
    <form onSubmit={submit} noValidate aria-label="Freeze contract">
      <Stack gap="sm">
        <Text size="sm">
          Freeze <b>{contract.title}</b> from today until the day below.
        </Text>
        <TextInput
          label="Frozen until"
          description="The contract runs again on this day, by itself"
          type="date"
          min={addDaysToIsoDate(today, 1)}
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {until > today && (
          <Alert color="cyan" icon={<IconPlayerPause size={18} />}>
            No invoice is issued until {formatDay(until)} ({days} {days === 1 ? 'day' : 'days'}). The days
            already paid that the freeze covers are not lost: the next bill moves out by them.
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Keep it running
          </Button>
          <Button type="submit" color="cyan" loading={freeze.isPending}>
            Freeze contract
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
