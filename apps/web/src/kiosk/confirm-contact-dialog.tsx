import { Button, Group, Stack, Text } from '@mantine/core';
import { formatSlotTime, kioskDisplayName } from '@opsuite/shared/rules/kiosk';
import { IconCheck, IconX } from '@tabler/icons-react';
import { UserAvatar } from '../components/avatar';
import { KioskDialog } from './kiosk-dialog';
import type { ConfirmRequest } from './use-check-in-flow';

export interface ConfirmContactDialogProps {
  request: ConfirmRequest | null;
  onAnswer: (yes: boolean) => void;
}

/** 'Is this you?' (or 'Is this You?' from the search tab) with No and Yes. */
export function ConfirmContactDialog({ request, onAnswer }: ConfirmContactDialogProps) {
  const name = kioskDisplayName(request?.contact);
  const slot = request?.slot;
  return (
    <KioskDialog opened={request !== null} onClose={() => onAnswer(false)} title={request?.title ?? ''}>
      {request && (
        <Stack align="center" gap="md" pb="xs">
          <UserAvatar name={name} src={request.contact.photo} size={112} />
          <Text fz={28} fw={700} ta="center" lh={1.2} data-testid="confirm-name">
            {name}
          </Text>
          {slot && (
            <Text c="dimmed" ta="center">
              {slot.bookingType.title} · {formatSlotTime(slot.startTime)} - {formatSlotTime(slot.endTime)}
            </Text>
          )}
          <Group grow w="100%" mt="sm">
            <Button
              size="xl"
              variant="default"
              leftSection={<IconX size={22} />}
              onClick={() => onAnswer(false)}
            >
              No
            </Button>
            <Button
              size="xl"
              color="green"
              leftSection={<IconCheck size={22} />}
              onClick={() => onAnswer(true)}
              data-autofocus
            >
              Yes
            </Button>
          </Group>
        </Stack>
      )}
    </KioskDialog>
  );
}
