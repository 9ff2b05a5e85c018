import { Modal } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { AddCardForm, cardFieldErrors } from '../../billing';
import { useAddCard } from '../portal.api';

// A member adding a card to pay with: billing's card form in a dialog. The number goes to our
// server, which hands it to the card provider and keeps only its token, brand, last four digits
// and expiry. The new card becomes the default only when the member ticks the box (or it is
// their first card), so a card that later declines never replaces a working one. A decline or any error that names no field shows in the form.

interface Props {
  opened: boolean;
  showTestCards: boolean;
  onClose: () => void;
}

export function AddCardDialog({ opened, showTestCards, onClose }: Props) {
  const add = useAddCard();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add a card" centered radius="lg">
      <AddCardForm
        label="Add a card"
        submitLabel="Save card"
        makeDefaultLabel="Pay with this card by default"
        size="md"
        saving={add.isPending}
        showTestCards={showTestCards}
        failure={failure}
        onSubmit={(body, fail) => {
          setFailure(null);
          add.mutate(body, {
            onSuccess: close,
            onError: (error) => {
              const fields = cardFieldErrors(error);
              if (Object.keys(fields).length > 0) fail(fields);
              else setFailure(errorMessage(error));
            },
          });
        }}
      />
    </Modal>
  );
}
