import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { ContractCreateBody, ContractInterval } from '@opsuite/shared';
import { contractCreateBody } from '@opsuite/shared/contracts/billing';
import { type FormEvent, useState } from 'react';
import { useIsPhone } from '../../../app/use-is-phone';
import { type FieldErrors, validate } from '../../../app/validate';
import { todayInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import type { Contract } from '../billing.api';
import { INTERVAL_LABELS, toCents } from '../billing-format';
import { AmountInput } from './billing-parts';
import { ContractPreview } from './contract-preview';

interface Values {
  title: string;
  amount: string;
  billingInterval: ContractInterval;
  signUpFee: string;
  startDate: string;
  anchorDay: string;
  endDate: string;
  notes: string;
}

// A new contract starts on the organisation's today (not the browser's: late in the evening in
// New York, a browser on UTC is already on tomorrow, and the first invoice would wait a day).
const valuesOf = (c: Contract | null, today: string): Values => ({
  title: c?.title ?? '',
  amount: c ? (c.amountCents / 100).toFixed(2) : '',
  billingInterval: c?.billingInterval ?? 'monthly',
  signUpFee: c?.signUpFeeCents ? (c.signUpFeeCents / 100).toFixed(2) : '',
  startDate: c?.startDate ?? today,
  anchorDay: c?.anchorDay && c.anchorDay !== c.startDate ? c.anchorDay : '',
  endDate: c?.endDate ?? '',
  notes: c?.notes ?? '',
});

/** The form's values as a request body, checked with the server's own schema. */
export function checkContract(values: Values): { body?: ContractCreateBody; errors: FieldErrors } {
  const cents = toCents(values.amount);
  const fee = values.signUpFee.trim() ? toCents(values.signUpFee) : 0;
  const result = validate(contractCreateBody, {
    title: values.title,
    amountCents: cents ?? Number.NaN,
    billingInterval: values.billingInterval,
    startDate: values.startDate,
    endDate: values.endDate || null,
    notes: values.notes || null,
    signUpFeeCents: fee ?? Number.NaN,
    anchorDay: values.anchorDay || null,
  });
  const errors = { ...result.errors };
  if (cents === null) errors.amountCents = 'Enter an amount, for example 99.00';
  if (fee === null) errors.signUpFeeCents = 'Enter a fee, for example 25.00, or leave it empty';
  return result.ok && cents !== null && fee !== null ? { body: result.data, errors } : { errors };
}

export function ContractFormModal({
  opened,
  contract,
  submitting,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The contract being edited; null adds a new one. */
  contract: Contract | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (body: ContractCreateBody) => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contract ? 'Edit contract' : 'Add contract'}
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && (
        <ContractForm
          key={contract?._id ?? 'new'}
          contract={contract}
          submitting={submitting}
          onCancel={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

function ContractForm({
  contract,
  submitting,
  onCancel,
  onSubmit,
}: {
  contract: Contract | null;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (body: ContractCreateBody) => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const [values, setValues] = useState<Values>(() => valuesOf(contract, todayInZone(timeZone)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkContract(values);
    setErrors(checked.errors);
    if (checked.body) onSubmit(checked.body);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={contract ? 'Edit contract' : 'New contract'}>
      <Stack gap="sm">
        <TextInput
          label="Title"
          description="The plan name, shown as the contact's plan"
          placeholder="Gold Monthly"
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput
            placeholder="99.00"
            value={values.amount}
            onChange={(v) => set('amount', v)}
            error={errors.amountCents}
          />
          <Select
            label="Billing cycle"
            required
            allowDeselect={false}
            data={Object.entries(INTERVAL_LABELS).map(([value, label]) => ({ value, label }))}
            value={values.billingInterval}
            onChange={(v) => v && set('billingInterval', v as ContractInterval)}
            error={errors.billingInterval}
          />
          <TextInput
            label="Sign-up fee"
            description="Once, on the first invoice"
            inputMode="decimal"
            leftSection="$"
            placeholder="0.00"
            value={values.signUpFee}
            onChange={(e) => set('signUpFee', e.currentTarget.value)}
            error={errors.signUpFeeCents}
          />
          <TextInput
            label="Start date"
            description="The membership's first day"
            type="date"
            required
            value={values.startDate}
            onChange={(e) => set('startDate', e.currentTarget.value)}
            error={errors.startDate}
          />
          <TextInput
            label="First bill date"
            type="date"
            description="Optional; days before it prorated"
            value={values.anchorDay}
            disabled={values.billingInterval === 'one_time'}
            onChange={(e) => set('anchorDay', e.currentTarget.value)}
            error={errors.anchorDay}
          />
          <TextInput
            label="End date"
            type="date"
            description="Empty: open-ended"
            value={values.endDate}
            onChange={(e) => set('endDate', e.currentTarget.value)}
            error={errors.endDate}
          />
        </SimpleGrid>
        <ContractPreview
          input={{
            billingInterval: values.billingInterval,
            startDate: values.startDate,
            anchorDay: values.anchorDay || null,
            endDate: values.endDate || null,
            amountCents: toCents(values.amount),
            signUpFeeCents: toCents(values.signUpFee) ?? 0,
            existing:
              contract && contract.invoiceCount > 0
                ? { nextBillDay: contract.nextBillDay ?? null, billedBefore: true }
                : undefined,
          }}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={6}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {contract ? 'Save contract' : 'Add contract'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
