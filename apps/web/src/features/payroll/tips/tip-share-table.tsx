import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TipShareEmployeeAnswer } from '@opsuite/shared';
import { useIsPhone } from '../../../app/use-is-phone';
import { hours, money } from '../components/money';

const sum = (list: TipShareEmployeeAnswer[], pick: (e: TipShareEmployeeAnswer) => number) =>
  list.reduce((n, e) => n + pick(e), 0);

/** Each employee's card and cash tips, hours, total and the cash the house owes; with totals. */
export function TipShareTable({ employees }: { employees: TipShareEmployeeAnswer[] }) {
  const isPhone = useIsPhone();
  if (employees.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        Nobody shared tips in these days
      </Text>
    );
  }
  const totals = {
    minutes: sum(employees, (e) => e.workedMinutes),
    cc: sum(employees, (e) => e.ccTip),
    cash: sum(employees, (e) => e.cashTip),
    total: sum(employees, (e) => e.totalAmount),
    owed: sum(employees, (e) => e.cashTipOwed),
  };
  if (isPhone) {
    return (
      <Stack gap="xs">
        {employees.map((e) => (
          <Card key={e._id} withBorder padding="sm" data-testid="tip-share-line">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{e.fullName}</Text>
              <Text fw={600}>{money(e.totalAmount)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {e.roles.join(', ') || 'No role'} · {hours(e.workedMinutes)} h
            </Text>
            <SimpleGrid cols={3} mt={6} spacing="xs">
              <Figure label="Card" value={money(e.ccTip)} />
              <Figure label="Cash" value={money(e.cashTip)} />
              <Figure label="Cash owed" value={money(e.cashTipOwed)} />
            </SimpleGrid>
          </Card>
        ))}
        <Card withBorder padding="sm" bg="var(--mantine-color-default-hover)" data-testid="tip-share-total">
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700}>{money(totals.total)}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            Card {money(totals.cc)} · Cash {money(totals.cash)} · Cash owed {money(totals.owed)}
          </Text>
        </Card>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th ta="right">Card tips</Table.Th>
            <Table.Th ta="right">Cash tips</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Cash owed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((e) => (
            <Table.Tr key={e._id} data-testid="tip-share-line">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {e.fullName}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.roles.join(', ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{hours(e.workedMinutes)}</Table.Td>
              <Table.Td ta="right">{money(e.ccTip)}</Table.Td>
              <Table.Td ta="right">{money(e.cashTip)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(e.totalAmount)}
              </Table.Td>
              <Table.Td ta="right">{money(e.cashTipOwed)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="tip-share-total">
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right">{hours(totals.minutes)}</Table.Th>
            <Table.Th ta="right">{money(totals.cc)}</Table.Th>
            <Table.Th ta="right">{money(totals.cash)}</Table.Th>
            <Table.Th ta="right">{money(totals.total)}</Table.Th>
            <Table.Th ta="right">{money(totals.owed)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
