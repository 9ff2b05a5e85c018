import { Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

export interface EditModalProps<T extends { _id: string }> {
  /** null: closed; 'new': create; an item: edit it. */
  target: T | 'new' | null;
  onClose: () => void;
}

/**
 * The modal that adds or edits one setup item. Its form mounts afresh for each item, so it starts
 * from that item's values.
 */
export function EditModal<T extends { _id: string }>({
  target,
  onClose,
  noun,
  size,
  children,
}: EditModalProps<T> & { noun: string; size?: string; children: (editing: T | null) => ReactNode }) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? `Edit ${noun}` : `New ${noun}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size={size}
    >
      {target !== null && <Fragment key={editing?._id ?? 'new'}>{children(editing)}</Fragment>}
    </Modal>
  );
}
