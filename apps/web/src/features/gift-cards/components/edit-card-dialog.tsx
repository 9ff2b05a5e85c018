import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { GiftCardAnswer } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { useUpdateGiftCard } from '../gift-cards.api';

/** Changes who a card is for, its message and the day it is e-mailed. */
export function EditCardDialog({ card, onClose }: { card: GiftCardAnswer; onClose: () => void }) {
  const update = useUpdateGiftCard();
  const [name, setName] = useState(card.recipientName);
  const [email, setEmail] = useState(card.recipientEmail ?? '');
  const [message, setMessage] = useState(card.message ?? '');
  const [deliverOn, setDeliverOn] = useState(card.deliverOn ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Recipient name is required';
    if (deliverOn && !email.trim()) next.email = 'An e-mail address is needed to send the card';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    update.mutate(
      {
        id: card._id,
        recipientName: name.trim(),
        recipientEmail: email.trim() || null,
        contactId: card.contactId,
        message: message.trim() || null,
        deliverOn: deliverOn || null,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Edit gift card" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Recipient name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Recipient e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <Textarea
            label="Message"
            autosize
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <TextInput
            label="E-mail it on"
            description={
              card.delivery === 'sent'
                ? 'Already sent; a new day sends it again'
                : 'Leave empty not to e-mail it'
            }
            type="date"
            value={deliverOn}
            onChange={(e) => setDeliverOn(e.currentTarget.value)}
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
