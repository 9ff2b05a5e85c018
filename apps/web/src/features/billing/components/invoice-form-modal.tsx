import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { InvoiceCreateBody, InvoicePayBody } from '@opsuite/shared';
import { invoiceCreateBody } from '@opsuite/shared/contracts/billing';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useIsPhone } from '../../../app/use-is-phone';
import { type FieldErrors, validate } from '../../../app/validate';
import { todayInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import { type Contract, type Invoice, usePaymentCards } from '../billing.api';
import { formatCents, PAYMENT_METHODS, toCents } from '../billing-format';
import { AmountInput } from './billing-parts';

interface Values {
  description: string;
  amount: string;
  dueDate: string;
  contractId: string | null;
}

/** The form's values as a request body, checked with the server's own schema. */
export function checkInvoice(values: Values): { body?: InvoiceCreateBody; errors: FieldErrors } {
  const cents = toCents(values.amount);
  const result = validate(invoiceCreateBody, {
    description: values.description,
    amountCents: cents ?? Number.NaN,
    dueDate: values.dueDate,
    contractId: values.contractId,
  });
  const errors = { ...result.errors };
  if (cents === null) errors.amountCents = 'Enter an amount, for example 49.00';
  return result.ok && cents !== null ? { body: result.data, errors } : { errors };
}

export function InvoiceFormModal({
  opened,
  contracts,
  submitting,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  contracts: Contract[];
  submitting: boolean;
  onClose: () => void;
  onSubmit: (body: InvoiceCreateBody) => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New invoice"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && (
        <InvoiceForm contracts={contracts} submitting={submitting} onCancel={onClose} onSubmit={onSubmit} />
      )}
    </Modal>
  );
}

function InvoiceForm({
  contracts,
  submitting,
  onCancel,
  onSubmit,
}: {
  contracts: Contract[];
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (body: InvoiceCreateBody) => void;
}) {
  const current = contracts.find((c) => c.isCurrent) ?? null;
  const timeZone = useOrganizationTimeZone();
  // Due in a week from the organisation's today (not the browser's).
  const today = dayjs(todayInZone(timeZone));
  const [values, setValues] = useState<Values>(() => ({
    description: current ? `${current.title} – ${today.format('MMMM YYYY')}` : '',
    amount: current ? (current.amountCents / 100).toFixed(2) : '',
    dueDate: today.add(7, 'day').format('YYYY-MM-DD'),
    contractId: current?._id ?? null,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInvoice(values);
    setErrors(checked.errors);
    if (checked.body) onSubmit(checked.body);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New invoice">
      <Stack gap="sm">
        <TextInput
          label="Description"
          required
          placeholder="Monthly dues"
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput
            placeholder="49.00"
            value={values.amount}
            onChange={(v) => set('amount', v)}
            error={errors.amountCents}
          />
          <TextInput
            label="Due date"
            type="date"
            required
            value={values.dueDate}
            onChange={(e) => set('dueDate', e.currentTarget.value)}
            error={errors.dueDate}
          />
        </SimpleGrid>
        <Select
          label="Contract"
          placeholder="Not tied to a contract"
          clearable
          data={contracts.map((c) => ({ value: c._id, label: c.title }))}
          value={values.contractId}
          onChange={(v) => set('contractId', v)}
          error={errors.contractId}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Create invoice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Marks an invoice paid: how it was paid (the time is now). Card with a card on file charges it
 * now; without one, the payment is recorded as a card payment taken elsewhere (a terminal).
 */
export function PayInvoiceModal({
  contactId,
  invoice,
  submitting,
  onClose,
  onSubmit,
}: {
  contactId: string;
  invoice: Invoice | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (body: InvoicePayBody) => void;
}) {
  const [method, setMethod] = useState<string | null>('card');
  const cards = usePaymentCards(contactId);
  const saved = cards.data ?? [];
  const [cardId, setCardId] = useState<string | null>(null);
  const chosen = cardId ?? saved.find((c) => c.isDefault)?._id ?? saved[0]?._id ?? null;
  const charges = method === 'card' && chosen !== null;
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title="Mark invoice as paid"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {invoice && (
        <Stack gap="sm">
          <Text size="sm">
            {invoice.number} · {invoice.description} · <b>{formatCents(invoice.amountCents)}</b>
          </Text>
          <Select
            label="Payment method"
            allowDeselect={false}
            data={PAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }))}
            value={method}
            onChange={setMethod}
          />
          {method === 'card' &&
            (charges ? (
              <Select
                label="Card to charge"
                description="The card is charged now"
                allowDeselect={false}
                data={saved.map((c) => ({
                  value: c._id,
                  label: `${c.brand} •••• ${c.last4}${c.isDefault ? ' (default)' : ''}`,
                }))}
                value={chosen}
                onChange={setCardId}
              />
            ) : (
              <Text size="xs" c="dimmed">
                No card on file: recorded as a card payment taken elsewhere, such as a card terminal.
              </Text>
            ))}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="green"
              loading={submitting}
              onClick={() =>
                onSubmit({
                  method: (method ?? undefined) as InvoicePayBody['method'],
                  ...(charges && chosen ? { cardId: chosen } : {}),
                })
              }
            >
              {charges ? 'Charge card' : 'Mark as paid'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
