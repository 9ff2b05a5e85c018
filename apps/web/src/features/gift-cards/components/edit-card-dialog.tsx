import { Button, Group, Modal, Stack } from '@mantine/core';
import type { GiftCardAnswer } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { useUpdateGiftCard } from '../gift-cards.api';
import { type Recipient, RecipientFields, recipientBody, recipientProblems } from './recipient-fields';

/** Changes who a card is for, its message and the day it is e-mailed. */
export function EditCardDialog({ card, onClose }: { card: GiftCardAnswer; onClose: () => void }) {
  const update = useUpdateGiftCard();
  const [recipient, setRecipient] = useState<Recipient>({
    name: card.recipientName,
    email: card.recipientEmail ?? '',
    message: card.message ?? '',
    deliverOn: card.deliverOn ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = recipientProblems(recipient);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    update.mutate(
      {
        id: card._id,
        ...recipientBody(recipient),
        contactId: card.contactId,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Edit gift card" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RecipientFields
            value={recipient}
            onChange={setRecipient}
            errors={errors}
            deliveryHint={
              card.delivery === 'sent'
                ? 'Already sent; a new day sends it again'
                : 'Leave empty not to e-mail it'
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
