import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PortalMe } from '@opsuite/shared';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PAYMENT_STATUS, planText } from '../contacts';
import { AddCardDialog } from './components/add-card-dialog';
import { PayDialog } from './components/pay-dialog';
import { SavedCard } from './components/saved-card';
import {
  type InvoiceAnswer,
  useMyCards,
  useMyContracts,
  useMyInvoices,
  usePaymentConfig,
} from './portal.api';
import { formatCents, INTERVAL_TEXT, INVOICE_TEXT, shortDate } from './portal-format';

// The member's billing: what is due (paid here with a saved card), their membership contracts,
// their saved cards (add one), and what they paid before.

const OPEN = new Set(['due', 'past_due']);

function InvoiceRow({ invoice, onPay }: { invoice: InvoiceAnswer; onPay?: (i: InvoiceAnswer) => void }) {
  const status = INVOICE_TEXT[invoice.status];
  return (
    <Card withBorder radius="lg" padding="md" data-testid="portal-invoice">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {invoice.description}
          </Text>
          <Text size="sm" c="dimmed">
            {invoice.number} ·{' '}
            {invoice.status === 'paid' && invoice.paidAt
              ? `paid ${shortDate(invoice.paidAt.slice(0, 10))}`
              : `due ${shortDate(invoice.dueDate)}`}
          </Text>
        </div>
        <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Text fw={800}>{formatCents(invoice.amountCents)}</Text>
          {onPay ? (
            <Button
              size="sm"
              radius="xl"
              color={invoice.status === 'past_due' ? 'red' : undefined}
              onClick={() => onPay(invoice)}
            >
              Pay
            </Button>
          ) : (
            <Badge color={status.color} variant="light" tt="none">
              {status.label}
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

export function BillingView({ me }: { me: PortalMe | undefined }) {
  const invoices = useMyInvoices();
  const contracts = useMyContracts();
  const cards = useMyCards();
  const config = usePaymentConfig();
  const [paying, setPaying] = useState<InvoiceAnswer | null>(null);
  const [adding, setAdding] = useState(false);
  const all = invoices.data?.list ?? [];
  const open = all.filter((i) => OPEN.has(i.status));
  const past = all.filter((i) => !OPEN.has(i.status));
  const cardList = cards.data?.list ?? [];
  // A real card provider collects the number in its own form; the portal's form is the sandbox's.
  const canAddCard = config.data ? config.data.provider === 'sandbox' : false;
  const status = me ? PAYMENT_STATUS[me.member.paymentStatus] : null;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>To pay</Title>
          {status && me?.member.paymentStatus !== 'none' && (
            <Badge color={status.color} size="lg" variant="light" tt="none">
              {status.label}
            </Badge>
          )}
        </Group>
        {invoices.isSuccess && open.length === 0 && (
          <Paper withBorder radius="lg" p="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon color="teal" variant="light" size="lg" radius="xl">
                <IconCircleCheck size={20} />
              </ThemeIcon>
              <Text fw={600}>You're all paid up.</Text>
            </Group>
          </Paper>
        )}
        {open.map((i) => (
          <InvoiceRow key={i._id} invoice={i} onPay={setPaying} />
        ))}
      </Stack>

      <Stack gap="sm">
        <Title order={4}>Membership</Title>
        <Paper withBorder radius="lg" p="md">
          {/* The plan is the contracts' title: named once, by the contracts when there are any. */}
          {(contracts.data?.list ?? []).length === 0 && <Text fw={700}>{planText(me?.member.plan)}</Text>}
          {(contracts.data?.list ?? []).map((c) => (
            <Group key={c._id} justify="space-between" mt="xs" wrap="nowrap" data-testid="portal-contract">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {c.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.nextBillDay
                    ? `Next bill ${shortDate(c.nextBillDay)}`
                    : c.endDate
                      ? `Ends ${shortDate(c.endDate)}`
                      : ''}
                </Text>
              </div>
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={700}>
                  {formatCents(c.amountCents)}
                  {INTERVAL_TEXT[c.billingInterval] ?? ''}
                </Text>
                <Badge
                  size="sm"
                  variant="light"
                  tt="capitalize"
                  color={c.status === 'active' ? 'green' : 'gray'}
                >
                  {c.status}
                </Badge>
              </Stack>
            </Group>
          ))}
          {contracts.isSuccess && contracts.data.list.length === 0 && (
            <Text size="sm" c="dimmed">
              No membership contract yet.
            </Text>
          )}
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Cards</Title>
          {canAddCard && (
            <Button
              variant="light"
              radius="xl"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
            >
              Add card
            </Button>
          )}
        </Group>
        {cardList.map((c) => (
          <SavedCard key={c._id} card={c} />
        ))}
        {cards.isSuccess && cardList.length === 0 && (
          <Text size="sm" c="dimmed">
            No saved card.
          </Text>
        )}
        {config.data && !canAddCard && (
          <Alert color="gray">To add a card, ask the front desk; they can send you a secure link.</Alert>
        )}
      </Stack>

      {past.length > 0 && (
        <Stack gap="sm">
          <Title order={4}>Paid and closed</Title>
          {past.map((i) => (
            <InvoiceRow key={i._id} invoice={i} />
          ))}
        </Stack>
      )}

      <PayDialog
        invoice={paying}
        cards={cardList}
        onClose={() => setPaying(null)}
        onAddCard={() => {
          setPaying(null);
          setAdding(true);
        }}
      />
      <AddCardDialog
        opened={adding}
        showTestCards={config.data?.showTestCards ?? false}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
