import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { cancelWindow, cutoffText } from '@opsuite/shared/rules/booking-cancellation';
import { IconClockExclamation } from '@tabler/icons-react';
import { clock, fullDay } from '../portal-format';

// Asks before a booking is cancelled, and says so when cancelling now counts as a late cancel
// (after the organisation's cut-off): allowed, but noted on the member's record.

export interface CancelTarget {
  bookingId: string;
  title: string;
  date: string;
  startTime: string;
  startsAt: string;
}

interface Props {
  target: CancelTarget | null;
  cutoffMinutes: number;
  busy: boolean;
  onConfirm: (target: CancelTarget) => void;
  onClose: () => void;
}

export function CancelDialog({ target, cutoffMinutes, busy, onConfirm, onClose }: Props) {
  const late = target !== null && cancelWindow(target.startsAt, Date.now(), cutoffMinutes) === 'late';
  return (
    <Modal opened={target !== null} onClose={onClose} title="Cancel this booking?" centered radius="lg">
      {target && (
        <Stack gap="md">
          <div>
            <Text fw={700} size="lg">
              {target.title}
            </Text>
            <Text c="dimmed">
              {fullDay(target.date)} at {clock(target.startTime)}
            </Text>
          </div>
          {late ? (
            <Alert color="orange" icon={<IconClockExclamation size={20} />} title="This is a late cancel">
              Classes can be cancelled freely up to {cutoffText(cutoffMinutes)} before they start. Cancelling
              now is still possible, and is noted as a late cancel.
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Your seat goes to the next person on the waitlist, if there is one.
            </Text>
          )}
          <Group grow gap="sm">
            <Button variant="default" size="md" onClick={onClose}>
              Keep it
            </Button>
            <Button color="red" size="md" loading={busy} onClick={() => onConfirm(target)}>
              {late ? 'Cancel anyway' : 'Cancel booking'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
