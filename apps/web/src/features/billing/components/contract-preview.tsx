import { Paper, Stack, Table, Text } from '@mantine/core';
import type { ContractInterval } from '@opsuite/shared';
import { firstBillDay, upcomingInvoices } from '@opsuite/shared/rules/billing-schedule';
import { isoDateInZone } from '@opsuite/shared/rules/kiosk';
import { formatDay, useOrganizationTimeZone } from '../../../app/zone-time';
import { formatCents } from '../billing-format';

// The contract form's preview: the next invoices the contract will issue (and charge), worked out
// by the same rules the server bills with, on the organisation's calendar.

export interface PreviewInput {
  billingInterval: ContractInterval;
  startDate: string;
  anchorDay: string | null;
  endDate: string | null;
  amountCents: number | null;
  signUpFeeCents: number;
  /** An existing contract's next bill day and whether it billed before; a new one starts fresh. */
  existing?: { nextBillDay: string | null; billedBefore: boolean };
}

const isDay = (d: string | null) => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d);

export function ContractPreview({ input, count = 3 }: { input: PreviewInput; count?: number }) {
  const timeZone = useOrganizationTimeZone();
  if (input.amountCents === null || !isDay(input.startDate)) return null;
  const today = isoDateInZone(Date.now(), timeZone);
  const schedule = {
    cycle: input.billingInterval,
    startDay: input.startDate,
    anchorDay: isDay(input.anchorDay) ? input.anchorDay : null,
    endDay: isDay(input.endDate) ? input.endDate : null,
  };
  let next: string | null;
  try {
    next = input.existing ? input.existing.nextBillDay : firstBillDay(schedule, today);
  } catch {
    return null;
  }
  const invoices = upcomingInvoices(
    {
      ...schedule,
      priceCents: input.amountCents,
      signUpFeeCents: input.signUpFeeCents,
      nextBillDay: next,
      billedBefore: input.existing?.billedBefore ?? false,
    },
    count,
  );
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Next invoices" role="region">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Next invoices
        </Text>
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing more to bill
            {input.startDate < today && !input.existing ? ': it started before today' : ''}.
          </Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice.periodStart}>
                  <Table.Td pl={0} style={{ whiteSpace: 'nowrap' }}>
                    {formatDay(invoice.periodStart)}
                  </Table.Td>
                  <Table.Td c="dimmed">
                    {invoice.prorated
                      ? 'prorated'
                      : input.billingInterval === 'one_time'
                        ? 'once'
                        : 'full period'}
                    {invoice.signUpFeeCents > 0 && ' + sign-up fee'}
                  </Table.Td>
                  <Table.Td ta="right" pr={0} fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(invoice.amountCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          Each invoice is issued on its day and charged to the member’s default card.
        </Text>
      </Stack>
    </Paper>
  );
}
