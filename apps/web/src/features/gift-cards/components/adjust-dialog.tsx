import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAdjustGiftCard } from '../gift-cards.api';
import { formatCents, toCents } from '../gift-cards-format';

type Kind = 'redemption' | 'refund' | 'adjustment';

/** Applies a redemption, refund or adjustment by hand, with a reason for the ledger. */
export function AdjustDialog({
  id,
  balanceCents,
  onClose,
}: {
  id: string;
  balanceCents: number;
  onClose: () => void;
}) {
  const adjust = useAdjustGiftCard();
  const [kind, setKind] = useState<Kind>('redemption');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = toCents(amount);
    const next: Record<string, string> = {};
    if (cents === null || cents === 0 || (kind !== 'adjustment' && cents < 0))
      next.amount = 'Enter an amount';
    else if (
      (kind === 'redemption' && cents > balanceCents) ||
      (kind === 'adjustment' && -cents > balanceCents)
    ) {
      next.amount = `The balance is ${formatCents(balanceCents)}`;
    }
    if (!reason.trim()) next.reason = 'Reason is required';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null) return;
    adjust.mutate({ id, kind, amountCents: cents, reason: reason.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title="Adjust balance" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={kind}
            onChange={(v) => setKind(v as Kind)}
            data={[
              { value: 'redemption', label: 'Redeem' },
              { value: 'refund', label: 'Refund' },
              { value: 'adjustment', label: 'Adjust' },
            ]}
          />
          <TextInput
            label="Amount ($)"
            description={
              kind === 'adjustment'
                ? 'Negative to take away, e.g. -5'
                : `Balance ${formatCents(balanceCents)}`
            }
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              Apply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
