import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDay, formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { formatCents } from '../billing-format';
import { ListPages } from '../components/billing-parts';
import { usePastDue } from './overview.api';

// Unpaid invoices past their due date or with a failed charge, oldest first: who owes what, how
// the charges went, and when the card is tried next.

export function PastDueList() {
  const isPhone = useIsPhone();
  const timeZone = useOrganizationTimeZone();
  const [page, setPage] = useState(1);
  const pastDue = usePastDue(page);
  const list = pastDue.data?.list ?? [];
  const contactLink = (id: string, name: string) => (
    <Anchor component={Link} to={`/contacts/${id}?view=invoices`} fw={600} size="sm">
      {name}
    </Anchor>
  );
  const retry = (at: string | null) => (at ? formatInstant(at, timeZone) : 'no more automatic tries');
  return (
    <Paper withBorder radius="md" p="md" aria-label="Past due">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Past due</Text>
        {pastDue.data && (
          <Badge color="red" variant="light" size="lg">
            {formatCents(pastDue.data.totalCents)} · {pastDue.data.pagination.total}
          </Badge>
        )}
      </Group>
      {pastDue.isPending && <Loader size="sm" mx="auto" aria-label="Loading past-due invoices" />}
      {pastDue.isError && (
        <Alert color="red">{failureText(pastDue.error, 'Unable to load past-due invoices')}</Alert>
      )}
      {pastDue.isSuccess && list.length === 0 && (
        <Group gap="xs" c="dimmed" py="md" justify="center">
          <IconCircleCheck size={20} />
          <Text size="sm">Nothing is past due.</Text>
        </Group>
      )}
      {list.length > 0 && isPhone && (
        <Stack gap="xs">
          {list.map((item) => (
            <Paper key={item.invoiceId} withBorder radius="md" p="sm" data-past-due={item.invoiceId}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} miw={0}>
                  {contactLink(item.contactId, item.contactName)}
                  <Text size="xs" c="dimmed">
                    {item.number} · due {formatDay(item.dueDate)}
                  </Text>
                  {item.lastFailure && (
                    <Text size="xs" c="red">
                      {item.failedAttempts} failed: {item.lastFailure}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    Next try: {retry(item.nextAttemptAt)}
                  </Text>
                </Stack>
                <Text fw={700}>{formatCents(item.amountCents)}</Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {list.length > 0 && !isPhone && (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Last charge</Table.Th>
                <Table.Th>Next try</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((item) => (
                <Table.Tr key={item.invoiceId} data-past-due={item.invoiceId}>
                  <Table.Td>{contactLink(item.contactId, item.contactName)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.number}</Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {item.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDay(item.dueDate)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatCents(item.amountCents)}
                  </Table.Td>
                  <Table.Td>
                    {item.lastFailure ? (
                      <Text size="xs" c="red">
                        {item.failedAttempts} failed: {item.lastFailure}
                      </Text>
                    ) : (
                      <Text size="xs" c="dimmed">
                        not charged
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{retry(item.nextAttemptAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPages
        page={page}
        totalPages={pastDue.data?.pagination.totalPages ?? 1}
        onChange={setPage}
        label="Past due"
      />
    </Paper>
  );
}
