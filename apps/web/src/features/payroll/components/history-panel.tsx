import { Alert, Badge, Card, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDay, formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { useHistory } from '../payroll.api';
import { money } from './money';
import { RunDetails } from './run-details';

/** Completed runs, newest first, with their total; a row opens the run. */
export function HistoryPanel() {
  const history = useHistory();
  const timeZone = useOrganizationTimeZone();
  const isPhone = useIsPhone();
  const [open, setOpen] = useState<string | null>(null);
  const list = history.data?.list ?? [];
  return (
    <Card withBorder padding={isPhone ? 'sm' : 'md'}>
      {history.isPending && <Skeleton h={120} />}
      {history.isError && <Alert color="red">{errorMessage(history.error)}</Alert>}
      {history.data && list.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          No payroll has been run yet
        </Text>
      )}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={isPhone ? 0 : 560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period</Table.Th>
                {!isPhone && <Table.Th>Type</Table.Th>}
                {!isPhone && <Table.Th>Run</Table.Th>}
                {!isPhone && <Table.Th ta="right">Employees</Table.Th>}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r._id} onClick={() => setOpen(r._id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setOpen(r._id)} aria-label={`Open run ${r.periodStart}`}>
                      <Text size="sm">
                        {formatDay(r.periodStart)} to {formatDay(r.periodEnd)}
                      </Text>
                      {isPhone && r.type === 'offcycle' && <Badge size="xs">Off-cycle</Badge>}
                    </UnstyledButton>
                  </Table.Td>
                  {!isPhone && (
                    <Table.Td>
                      <Badge variant="light" color={r.type === 'offcycle' ? 'grape' : 'blue'}>
                        {r.type === 'offcycle' ? 'Off-cycle' : 'Regular'}
                      </Badge>
                    </Table.Td>
                  )}
                  {!isPhone && <Table.Td>{formatInstant(r.runAt, timeZone)}</Table.Td>}
                  {!isPhone && <Table.Td ta="right">{r.totals.slips}</Table.Td>}
                  <Table.Td ta="right" fw={600}>
                    {money(r.totals.netCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" mt="sm">
            <Text fw={700} data-testid="history-total">
              Total paid {money(history.data?.totalNetCents ?? 0)}
            </Text>
          </Group>
        </Table.ScrollContainer>
      )}
      {open && <RunDetails id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
