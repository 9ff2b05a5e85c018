import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: ReactNode;
  /** What happens, shown as a short paragraph. */
  message: ReactNode;
  /** The button that does it: 'Delete', 'Remove', 'Refund'. */
  confirm: string;
  cancel?: string;
  color?: string;
  onConfirm: () => void;
}

/** Asks before a change that cannot be taken back (a deletion, a refund). */
export function confirmAction({
  title,
  message,
  confirm,
  cancel = 'Cancel',
  color = 'red',
  onConfirm,
}: ConfirmOptions): void {
  modals.openConfirmModal({
    closeButtonProps: { 'aria-label': 'Close' },
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm, cancel },
    confirmProps: { color },
    onConfirm,
  });
}
