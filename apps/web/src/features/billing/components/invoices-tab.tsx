import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { InvoiceCreateBody, InvoiceStatus } from '@opsuite/shared';
import { IconFileDollar, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDay } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import { Section } from '../../../components/section';
import {
  type Invoice,
  type InvoiceAction,
  useContracts,
  useInvoiceMutations,
  useInvoices,
} from '../billing.api';
import { formatCents, INVOICE_STATUS, INVOICE_STATUS_ORDER } from '../billing-format';
import { BillingSummary, ListPages } from './billing-parts';
import { InvoiceFormModal, PayInvoiceModal } from './invoice-form-modal';
import { FailureLine, InvoiceActions, RefundLine, StatusBadge, Totals } from './invoice-parts';
import { InvoiceView } from './invoice-view';
import { RefundModal } from './refund-modal';

interface Permissions {
  canWrite: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** Invoices of a contact, 10 a page, with totals by status and the payment actions. */
export function InvoicesTab({
  contactId,
  canWrite,
  canUpdate,
  canDelete,
}: { contactId: string } & Permissions) {
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<InvoiceStatus | null>(null);
  const invoices = useInvoices(contactId, page, filter);
  const contracts = useContracts(contactId);
  const { add, change, remove } = useInvoiceMutations(contactId);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [viewing, setViewing] = useState<Invoice | null>(null);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const list = invoices.data?.list ?? [];
  const setStatusFilter = (status: InvoiceStatus | null) => {
    setFilter(status);
    setPage(1);
  };

  const notify = {
    onSuccess: (a: { message: string }) => toast.success(a.message),
    onError: (e: unknown) => toastFailure(e),
  };
  const create = (body: InvoiceCreateBody) =>
    add.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setCreating(false);
      },
      onError: (e) => toastFailure(e),
    });
  const confirm = (invoice: Invoice, action: Exclude<InvoiceAction, 'pay'> | 'delete') => {
    if (action === 'refund') return setRefunding(invoice);
    const texts = {
      forfeit: ['Forfeit invoice', `Write off ${invoice.number}? It will no longer be collected.`, 'Forfeit'],
      delete: ['Delete invoice', `Delete ${invoice.number}? This cannot be undone.`, 'Delete'],
    }[action];
    confirmAction({
      title: texts[0],
      message: texts[1],
      confirm: texts[2]!,
      cancel: 'Keep it',
      color: 'red',
      onConfirm: () =>
        action === 'delete'
          ? remove.mutate(invoice._id, notify)
          : change.mutate({ id: invoice._id, action }, notify),
    });
  };
  const actions = (invoice: Invoice) => (
    <InvoiceActions
      invoice={invoice}
      canWrite={canWrite}
      canUpdate={canUpdate}
      canDelete={canDelete}
      onPay={() => setPaying(invoice)}
      onConfirm={(action) => confirm(invoice, action)}
      onView={() => setViewing(invoice)}
      onCharge={() => setViewing(invoice)}
    />
  );

  return (
    <Section
      title="Invoices"
      description="Bills of this contact. An unpaid invoice past its due date is past due."
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <BillingSummary billing={invoices.data?.billing} />
        <Group gap="xs">
          <Select
            aria-label="Invoice status"
            placeholder="All statuses"
            clearable
            w={160}
            data={INVOICE_STATUS_ORDER.map((s) => ({ value: s, label: INVOICE_STATUS[s].label }))}
            value={filter}
            onChange={(v) => setStatusFilter(v as InvoiceStatus | null)}
          />
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New invoice
            </Button>
          )}
        </Group>
      </Group>
      {invoices.data && <Totals totals={invoices.data.totals} filter={filter} onFilter={setStatusFilter} />}
      {invoices.isPending && <Loader size="sm" mx="auto" aria-label="Loading invoices" />}
      {invoices.isError && (
        <Alert color="red" title="Unable to load invoices">
          {invoices.error.message}
        </Alert>
      )}
      {invoices.isSuccess && list.length === 0 && (
        <Stack align="center" gap={4} py="lg">
          <IconFileDollar size={32} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>
            {filter ? `No ${INVOICE_STATUS[filter].label.toLowerCase()} invoices` : 'No invoices yet'}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {filter ? 'Choose another status to see more.' : 'Create an invoice to bill this contact.'}
          </Text>
        </Stack>
      )}
      {list.length > 0 && isPhone && (
        <Stack gap="xs">
          {list.map((invoice) => (
            <Paper key={invoice._id} withBorder radius="md" p="sm" data-invoice-id={invoice._id}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Group gap="xs" wrap="wrap">
                    <NumberLink invoice={invoice} onOpen={setViewing} />
                    <StatusBadge status={invoice.status} />
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {invoice.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Due {formatDay(invoice.dueDate)}
                    {invoice.paidAt && ` · paid ${formatDay(invoice.paidAt)}`}
                  </Text>
                  <RefundLine invoice={invoice} />
                  <FailureLine invoice={invoice} />
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={700}>{formatCents(invoice.amountCents)}</Text>
                  {actions(invoice)}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {list.length > 0 && !isPhone && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Due date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((invoice) => (
                <Table.Tr key={invoice._id} data-invoice-id={invoice._id}>
                  <Table.Td fw={600}>
                    <NumberLink invoice={invoice} onOpen={setViewing} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{invoice.description}</Text>
                    {invoice.contractTitle && (
                      <Text size="xs" c="dimmed">
                        {invoice.contractTitle}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDay(invoice.dueDate)}</Table.Td>
                  <Table.Td ta="right">{formatCents(invoice.amountCents)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <StatusBadge status={invoice.status} />
                    <RefundLine invoice={invoice} />
                    <FailureLine invoice={invoice} />
                  </Table.Td>
                  <Table.Td>{invoice.paidAt ? formatDay(invoice.paidAt) : '—'}</Table.Td>
                  <Table.Td>{actions(invoice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPages
        page={page}
        totalPages={invoices.data?.pagination.totalPages ?? 1}
        onChange={setPage}
        label="Invoices"
      />
      <InvoiceFormModal
        opened={creating}
        contracts={(contracts.data?.list ?? []).filter((c) => c.status === 'active' || c.status === 'frozen')}
        submitting={add.isPending}
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
      <InvoiceView
        contactId={contactId}
        invoice={viewing}
        canCharge={canWrite}
        canRefund={canDelete}
        onClose={() => setViewing(null)}
      />
      <RefundModal
        contactId={contactId}
        invoice={refunding}
        refundableCents={refunding ? refunding.paidCents - refunding.refundedCents : 0}
        onClose={() => setRefunding(null)}
      />
      <PayInvoiceModal
        contactId={contactId}
        invoice={paying}
        submitting={change.isPending}
        onClose={() => setPaying(null)}
        onSubmit={(body) =>
          paying &&
          change.mutate(
            { id: paying._id, action: 'pay', body },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setPaying(null);
              },
              onError: (e) => toastFailure(e),
            },
          )
        }
      />
    </Section>
  );
}

/** The invoice number, which opens the invoice with its payments. */
function NumberLink({ invoice, onOpen }: { invoice: Invoice; onOpen: (invoice: Invoice) => void }) {
  return (
    <Anchor component="button" type="button" fw={600} size="sm" onClick={() => onOpen(invoice)}>
      {invoice.number}
    </Anchor>
  );
}
