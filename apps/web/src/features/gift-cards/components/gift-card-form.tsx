import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { GiftCardAnswer } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { useCreateGiftCard, useUpdateGiftCard } from '../gift-cards.api';

export interface GiftCardFormProps {
  /** The gift card to edit; null adds a new one. */
  record: GiftCardAnswer | null;
  onClose: () => void;
}

/** Adds or renames a gift card, in a dialog. */
export function GiftCardForm({ record, onClose }: GiftCardFormProps) {
  const create = useCreateGiftCard();
  const update = useUpdateGiftCard();
  const [name, setName] = useState(record?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name is required');
      return;
    }
    if (record) update.mutate({ id: record._id, name: trimmed }, { onSuccess: onClose });
    else create.mutate({ name: trimmed }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={record ? 'Edit gift card' : 'Add gift card'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={120}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
