import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Timeline,
} from '@mantine/core';
import type { PaymentAnswer } from '@opsuite/shared';
import { IconCheck, IconCreditCard, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { failureText, toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { addDaysToIsoDate, formatDay, formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { type Invoice, usePaymentCards } from '../billing.api';
import { useInvoiceDetail, useInvoicePayments } from '../billing-actions.api';
import { formatCents } from '../billing-format';
import { StatusBadge } from './invoice-parts';
import { cardLabel } from './payment-cards-tab';
import { RefundModal } from './refund-modal';

// One invoice: what it bills, every charge attempt with its outcome (and refunds), and what can
// be done with it now: charge it (or retry) with a saved card, or refund it in part or in full.

const SOURCE: Record<PaymentAnswer['source'], string> = {
  auto: 'automatic',
  staff: 'by staff',
  member: 'by the member',
  provider: 'by the provider',
};
const METHOD: Record<PaymentAnswer['method'], string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

function Attempt({ payment, timeZone }: { payment: PaymentAnswer; timeZone: string }) {
  const refund = payment.kind === 'refund';
  const what = refund
    ? `Refund of ${formatCents(payment.amountCents)}`
    : `${payment.attempt ? `Attempt ${payment.attempt}: ` : ''}${formatCents(payment.amountCents)}`;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {what}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={
            payment.status === 'succeeded'
              ? refund
                ? 'orange'
                : 'green'
              : payment.status === 'failed'
                ? 'red'
                : 'blue'
          }
        >
          {payment.status === 'succeeded'
            ? refund
              ? 'Refunded'
              : 'Paid'
            : payment.status === 'failed'
              ? 'Failed'
              : 'Pending'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {payment.card ?? METHOD[payment.method]} · {SOURCE[payment.source]} ·{' '}
        {formatInstant(payment.settledAt ?? payment.createdAt, timeZone)}
        {payment.feeCents > 0 && ` · includes ${formatCents(payment.feeCents)} fee`}
      </Text>
      {payment.failureMessage && (
        <Text size="xs" c="red">
          {payment.failureMessage}
          {payment.failureCode && ` (${payment.failureCode})`}
        </Text>
      )}
      {payment.reason && (
        <Text size="xs" c="dimmed">
          Reason: {payment.reason}
        </Text>
      )}
    </Stack>
  );
}

export function InvoiceView({
  contactId,
  invoice,
  canCharge,
  canRefund,
  onClose,
}: {
  contactId: string;
  invoice: Invoice | null;
  canCharge: boolean;
  canRefund: boolean;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const timeZone = useOrganizationTimeZone();
  const detail = useInvoiceDetail(contactId, invoice?._id ?? null);
  const cards = usePaymentCards(contactId);
  const { charge } = useInvoicePayments(contactId);
  const [cardId, setCardId] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const data = detail.data;
  const unpaid = data && (data.status === 'due' || data.status === 'past_due');
  const charging = data?.payments.some((p) => p.kind === 'charge' && p.status === 'pending');
  const savedCards = cards.data ?? [];
  const chosen = cardId ?? savedCards.find((c) => c.isDefault)?._id ?? null;
  const refundable = data ? data.paidCents - data.refundedCents : 0;

  const chargeNow = () =>
    data &&
    charge.mutate(
      { invoice: data, cardId: chosen ?? undefined },
      { onSuccess: (answer) => toast.success(answer.message), onError: (e) => toastFailure(e) },
    );

  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending && invoice && <Loader size="sm" mx="auto" aria-label="Loading invoice" />}
      {detail.isError && <Alert color="red">{failureText(detail.error, 'Unable to load the invoice')}</Alert>}
      {data && (
        <Stack gap="md" data-invoice-view={data._id}>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {data.description}
              </Text>
              <Text size="sm" c="dimmed">
                Due {formatDay(data.dueDate)}
                {data.periodStart &&
                  data.periodEnd &&
                  ` · covers ${formatDay(data.periodStart)} – ${formatDay(addDaysToIsoDate(data.periodEnd, -1))}`}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={data.status} />
              <Text fw={700} size="xl">
                {formatCents(data.amountCents)}
              </Text>
            </Group>
          </Group>
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td pl={0}>Paid</Table.Td>
                <Table.Td ta="right">{formatCents(data.paidCents)}</Table.Td>
              </Table.Tr>
              {data.refundedCents > 0 && (
                <Table.Tr>
                  <Table.Td pl={0}>Refunded</Table.Td>
                  <Table.Td ta="right">{formatCents(data.refundedCents)}</Table.Td>
                </Table.Tr>
              )}
              {data.nextAttemptAt && unpaid && (
                <Table.Tr>
                  <Table.Td pl={0}>Next automatic try</Table.Td>
                  <Table.Td ta="right">{formatInstant(data.nextAttemptAt, timeZone)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {data.lastFailure && (
            <Alert color="red" icon={<IconX size={18} />} title="The last charge failed">
              {data.lastFailure.message}
            </Alert>
          )}
          <div>
            <Text fw={600} mb="xs">
              Attempts and refunds
            </Text>
            {data.payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                Not charged yet.
              </Text>
            ) : (
              <Timeline bulletSize={22} lineWidth={2} active={data.payments.length}>
                {data.payments.map((p) => (
                  <Timeline.Item
                    key={p._id}
                    color={p.status === 'failed' ? 'red' : p.kind === 'refund' ? 'orange' : 'green'}
                    bullet={
                      p.kind === 'refund' ? (
                        <IconReceiptRefund size={12} />
                      ) : p.status === 'failed' ? (
                        <IconX size={12} />
                      ) : (
                        <IconCheck size={12} />
                      )
                    }
                  >
                    <Attempt payment={p} timeZone={timeZone} />
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </div>
          {canCharge && unpaid && (
            <Stack gap="xs">
              {savedCards.length > 0 ? (
                <Group align="flex-end" gap="xs" wrap="wrap">
                  <Select
                    label="Card"
                    style={{ flex: '1 1 220px' }}
                    allowDeselect={false}
                    data={savedCards.map((c) => ({
                      value: c._id,
                      label: `${cardLabel(c)}${c.isDefault ? ' (default)' : ''}`,
                    }))}
                    value={chosen}
                    onChange={setCardId}
                  />
                  <Button
                    leftSection={<IconCreditCard size={16} />}
                    loading={charge.isPending}
                    disabled={charging}
                    onClick={chargeNow}
                  >
                    {data.failedAttempts > 0 ? 'Retry now' : 'Charge now'}
                  </Button>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  No card on file: add one in Payment cards to charge this invoice.
                </Text>
              )}
              {charging && (
                <Text size="sm" c="dimmed">
                  A charge of this invoice is being processed.
                </Text>
              )}
            </Stack>
          )}
          {canRefund && data.status === 'paid' && refundable > 0 && (
            <Group justify="flex-end">
              <Button
                variant="light"
                color="orange"
                leftSection={<IconReceiptRefund size={16} />}
                onClick={() => setRefunding(true)}
              >
                Refund…
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <RefundModal
        contactId={contactId}
        invoice={refunding && data ? data : null}
        refundableCents={refundable}
        onClose={() => setRefunding(false)}
      />
    </Modal>
  );
}
