import { ActionIcon, Badge, Menu, Paper, SimpleGrid, Text } from '@mantine/core';
import type { InvoiceStatus } from '@opsuite/shared';
import {
  IconCash,
  IconCreditCard,
  IconDots,
  IconEye,
  IconReceiptRefund,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { Invoice, InvoiceTotals } from '../billing.api';
import { formatCents, INVOICE_STATUS, INVOICE_STATUS_ORDER } from '../billing-format';

// Pieces of the invoices view: the status badge, the totals
// by status and the actions menu of one invoice.

// The badge keeps its whole word: it never shrinks below its label in a narrow row or column.
export const StatusBadge = ({ status }: { status: InvoiceStatus }) => (
  <Badge
    color={INVOICE_STATUS[status].color}
    variant="light"
    data-status={status}
    styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
  >
    {INVOICE_STATUS[status].label}
  </Badge>
);

/** What was refunded of an invoice that stays paid (a partial refund), under its status. */
export function RefundLine({ invoice }: { invoice: Invoice }) {
  if (invoice.refundedCents <= 0 || invoice.status === 'refund') return null;
  return (
    <Text size="xs" c="orange.8" data-refunded={invoice.refundedCents}>
      Refunded {formatCents(invoice.refundedCents)} of {formatCents(invoice.paidCents)}
    </Text>
  );
}

export /** Totals by status; a click filters the list to that status (again: all). */
function Totals({
  totals,
  filter,
  onFilter,
}: {
  totals: InvoiceTotals;
  filter: InvoiceStatus | null;
  onFilter: (status: InvoiceStatus | null) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      {INVOICE_STATUS_ORDER.map((status) => (
        <Paper
          key={status}
          withBorder
          radius="md"
          p="sm"
          component="button"
          type="button"
          onClick={() => onFilter(filter === status ? null : status)}
          aria-pressed={filter === status}
          style={{
            textAlign: 'left',
            cursor: 'pointer',
            borderLeft: `4px solid var(--mantine-color-${INVOICE_STATUS[status].color}-6)`,
            background: filter === status ? 'var(--mantine-primary-color-light)' : undefined,
          }}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {INVOICE_STATUS[status].label}
          </Text>
          <Text fw={700}>{formatCents(totals[status].amountCents)}</Text>
          <Text size="xs" c="dimmed">
            {totals[status].count} {totals[status].count === 1 ? 'invoice' : 'invoices'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function InvoiceActions({
  invoice,
  canWrite,
  canUpdate,
  canDelete,
  onPay,
  onConfirm,
  onView,
  onCharge,
}: {
  invoice: Invoice;
  /** Billing write: charge a saved card. */
  canWrite: boolean;
  /** Billing update: mark paid, forfeit. */
  canUpdate: boolean;
  /** Billing delete: refund, delete. */
  canDelete: boolean;
  onPay: () => void;
  onConfirm: (action: 'refund' | 'forfeit' | 'delete') => void;
  onView: () => void;
  onCharge: () => void;
}) {
  const unpaid = invoice.status === 'due' || invoice.status === 'past_due';
  const items = [
    <Menu.Item key="view" leftSection={<IconEye size={16} />} onClick={onView}>
      View payments
    </Menu.Item>,
    canWrite && unpaid && (
      <Menu.Item key="charge" leftSection={<IconCreditCard size={16} />} onClick={onCharge}>
        {invoice.failedAttempts > 0 ? 'Retry charge' : 'Charge card'}
      </Menu.Item>
    ),
    canUpdate && unpaid && (
      <Menu.Item key="pay" leftSection={<IconCash size={16} />} onClick={onPay}>
        Mark as paid
      </Menu.Item>
    ),
    canDelete && invoice.status === 'paid' && !(invoice.refundedCents >= invoice.paidCents) && (
      <Menu.Item
        key="refund"
        leftSection={<IconReceiptRefund size={16} />}
        onClick={() => onConfirm('refund')}
      >
        Refund…
      </Menu.Item>
    ),
    canUpdate && unpaid && (
      <Menu.Item key="forfeit" leftSection={<IconX size={16} />} onClick={() => onConfirm('forfeit')}>
        Forfeit
      </Menu.Item>
    ),
    canDelete && unpaid && (
      <Menu.Item
        key="delete"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => onConfirm('delete')}
      >
        Delete
      </Menu.Item>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${invoice.number}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{items}</Menu.Dropdown>
    </Menu>
  );
}

/** Why an unpaid invoice is past due after a charge, and when the next try comes. */
export function FailureLine({ invoice }: { invoice: Invoice }) {
  if (!invoice.lastFailure) return null;
  const next = invoice.nextAttemptAt
    ? ` · retry ${new Date(invoice.nextAttemptAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`
    : '';
  return (
    <Text size="xs" c="red" data-failure>
      {invoice.failedAttempts} failed {invoice.failedAttempts === 1 ? 'charge' : 'charges'}:{' '}
      {invoice.lastFailure.message}
      {next}
    </Text>
  );
}
