import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import type { Invoice } from '../billing.api';
import { useInvoicePayments } from '../billing-actions.api';
import { formatCents, toCents } from '../billing-format';

// A refund of a paid invoice: all that is left, or part of it. A card payment is refunded to the
// card through the provider; a payment taken outside is recorded as refunded.

export function RefundModal({
  contactId,
  invoice,
  refundableCents,
  onClose,
}: {
  contactId: string;
  invoice: Invoice | null;
  refundableCents: number;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title={invoice ? `Refund ${invoice.number}` : 'Refund'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {invoice && (
        <RefundForm
          key={invoice._id}
          contactId={contactId}
          invoice={invoice}
          refundableCents={refundableCents}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function RefundForm({
  contactId,
  invoice,
  refundableCents,
  onDone,
}: {
  contactId: string;
  invoice: Invoice;
  refundableCents: number;
  onDone: () => void;
}) {
  const { refund } = useInvoicePayments(contactId);
  const [amount, setAmount] = useState((refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = toCents(amount);
    if (cents === null || cents <= 0) return setError('Enter an amount, for example 10.00');
    if (cents > refundableCents) return setError(`At most ${formatCents(refundableCents)} is left to refund`);
    setError(null);
    refund.mutate(
      { invoice, body: { amountCents: cents, reason: reason.trim() || undefined } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (e) => toastFailure(e),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Refund">
      <Stack gap="sm">
        <Text size="sm">
          {invoice.description} · paid <b>{formatCents(invoice.paidCents)}</b>
          {invoice.refundedCents > 0 && `, ${formatCents(invoice.refundedCents)} refunded already`}
        </Text>
        <TextInput
          label="Amount to refund"
          description={`Up to ${formatCents(refundableCents)}`}
          leftSection="$"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <TextInput
          label="Reason"
          placeholder="Optional, kept with the refund"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          A card payment goes back to the card; the member gets a receipt for the refund.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Keep it
          </Button>
          <Button type="submit" color="orange" loading={refund.isPending}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
