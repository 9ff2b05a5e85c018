import { Button, Group, Text } from '@mantine/core';
import type { BookingSlot, KioskContact } from '@opsuite/shared/contracts/kiosk';
import { kioskDisplayName } from '@opsuite/shared/rules/kiosk';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../components/avatar';
import { ClassList } from './class-list';
import { KioskDialog } from './kiosk-dialog';
import classes from './overlays.module.css';

export interface ClassSelectDialogProps {
  contact: KioskContact | null;
  slots: readonly BookingSlot[];
  /** The kiosk's selected class, chosen in the dialog when it opens. */
  initialSlotId: string | null;
  timeZone: string;
  now: number;
  /** A paired device (a device code is stored) shows the dialog fullscreen with Close. */
  fullScreen: boolean;
  onClose: () => void;
  /** Resolves false when the check-in failed: the button is simply enabled again. */
  onConfirm: (slotId: string) => Promise<boolean>;
}

/** Select Class to Check-In: the member picks today's class and confirms. */
export function ClassSelectDialog(props: ClassSelectDialogProps) {
  const { contact, slots, initialSlotId, timeZone, now, fullScreen, onClose, onConfirm } = props;
  const [chosen, setChosen] = useState<string | null>(initialSlotId);
  const [submitting, setSubmitting] = useState(false);
  const opened = contact !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the kiosk's class
  useEffect(() => {
    if (opened) {
      setChosen(initialSlotId && slots.some((slot) => slot._id === initialSlotId) ? initialSlotId : null);
      setSubmitting(false);
    }
  }, [opened]);

  const confirm = async () => {
    if (!chosen) return;
    setSubmitting(true);
    const done = await onConfirm(chosen);
    if (!done) setSubmitting(false);
  };

  const name = kioskDisplayName(contact);
  return (
    <KioskDialog
      opened={opened}
      onClose={onClose}
      title="Select Class to Check-In"
      fullScreen={fullScreen}
      width={620}
    >
      {contact && (
        <Group gap="md" className={classes.dialogMember}>
          <UserAvatar name={name} src={contact.photo} size={56} />
          <div>
            <Text c="dimmed" size="sm">
              Checking in
            </Text>
            <Text fw={700} fz="xl">
              {name}
            </Text>
          </div>
        </Group>
      )}
      <div className={classes.dialogList}>
        <ClassList
          slots={slots}
          selectedId={chosen}
          onSelect={setChosen}
          timeZone={timeZone}
          now={now}
          label="Classes to check in to"
        />
      </div>
      <div className={classes.dialogActions}>
        <Button size="lg" variant="default" onClick={onClose}>
          {fullScreen ? 'Close' : 'Cancel'}
        </Button>
        <Button
          size="lg"
          color="green"
          onClick={() => void confirm()}
          disabled={!chosen || submitting || slots.length === 0}
          data-autofocus
        >
          {submitting ? 'Checking In...' : 'Confirm Check-In'}
        </Button>
      </div>
    </KioskDialog>
  );
}
