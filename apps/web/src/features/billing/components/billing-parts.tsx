import { Group, Pagination, Paper, Text, TextInput } from '@mantine/core';
import { PaymentBadge, planText } from '../../contacts';
import type { BillingState } from '../billing.api';

/** The contact's plan and payment status, as the contacts list filters them. */
export function BillingSummary({ billing }: { billing: BillingState | undefined }) {
  if (!billing) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="lg" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Plan
          </Text>
          <Text fw={600}>{planText(billing.plan)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Payment status
          </Text>
          <PaymentBadge status={billing.paymentStatus} size="md" />
        </div>
      </Group>
    </Paper>
  );
}

/** Page links under a list when it has more than one page. */
export function ListPages({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={totalPages}
        value={page}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${label}: ${control} page` })}
      />
    </Group>
  );
}

/** A money amount typed in dollars; the forms turn it into cents with toCents. */
export function AmountInput({
  placeholder,
  value,
  onChange,
  error,
}: {
  placeholder: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <TextInput
      label="Amount"
      required
      inputMode="decimal"
      leftSection="$"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
