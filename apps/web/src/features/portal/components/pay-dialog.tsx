import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { failureText } from '../../../app/toast';
import { type InvoiceAnswer, type PaymentCardAnswer, usePayInvoice } from '../portal.api';
import { formatCents } from '../portal-format';

// Paying one open invoice with a saved card (the default one chosen first). Each try carries its
// own idempotency key, kept while it may be sent again, so a double tap pays once; a declined
// card shows why and the next try gets a new key.

interface Props {
  invoice: InvoiceAnswer | null;
  cards: PaymentCardAnswer[];
  onAddCard: () => void;
  onClose: () => void;
}

const newAttempt = () => `portal-pay-${crypto.randomUUID()}`;

export function PayDialog({ invoice, cards, onAddCard, onClose }: Props) {
  const pay = usePayInvoice();
  const defaultCard = cards.find((c) => c.isDefault) ?? cards[0];
  const [cardId, setCardId] = useState<string | undefined>(defaultCard?._id);
  const [attempt, setAttempt] = useState(newAttempt);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (invoice) {
      setCardId((cards.find((c) => c.isDefault) ?? cards[0])?._id);
      setAttempt(newAttempt());
      setError(null);
    }
  }, [invoice, cards]);

  const submit = () => {
    if (!invoice || !cardId) return;
    setError(null);
    pay.mutate(
      { invoiceId: invoice._id, cardId, attempt },
      {
        onSuccess: onClose,
        onError: (e) => {
          setError(failureText(e, 'The payment did not go through.'));
          setAttempt(newAttempt());
        },
      },
    );
  };

  return (
    <Modal opened={invoice !== null} onClose={onClose} title="Pay invoice" centered radius="lg">
      {invoice && (
        <Stack gap="md">
          <div>
            <Text fw={800} size="xl">
              {formatCents(invoice.amountCents - invoice.paidCents)}
            </Text>
            <Text c="dimmed" size="sm">
              {invoice.number} · {invoice.description}
            </Text>
          </div>
          {cards.length === 0 ? (
            <Alert color="gray" title="No saved card">
              Add a card first, then pay with it.
            </Alert>
          ) : (
            <Radio.Group label="Pay with" value={cardId ?? null} onChange={setCardId}>
              <Stack gap="xs" mt="xs">
                {cards.map((c) => (
                  <Radio
                    key={c._id}
                    value={c._id}
                    label={`${c.brand} •••• ${c.last4}${c.isDefault ? ' (default)' : ''}`}
                    description={`Expires ${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group grow gap="sm">
            {cards.length === 0 ? (
              <Button size="md" leftSection={<IconCreditCard size={18} />} onClick={onAddCard}>
                Add a card
              </Button>
            ) : (
              <Button size="md" loading={pay.isPending} onClick={submit}>
                Pay {formatCents(invoice.amountCents - invoice.paidCents)}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
