import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { PayLineAnswer } from '@opsuite/shared';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useIsPhone } from '../../../app/use-is-phone';
import { hours, money, SOURCE_LABEL, WAGE_LABEL } from './money';

export interface PayLinesProps {
  lines: PayLineAnswer[];
  /** Shows a pay stub button per line. */
  onStub?: (line: PayLineAnswer) => void;
}

const quantity = (l: PayLineAnswer) =>
  l.source === 'classes'
    ? `${l.classes} classes`
    : l.source === 'work_history'
      ? `${hours(l.regularMinutes)} h${l.overtimeMinutes ? ` + ${hours(l.overtimeMinutes)} h OT` : ''}`
      : '';

/** Pay lines: a table on a computer, cards on a phone. */
export function PayLines({ lines, onStub }: PayLinesProps) {
  const isPhone = useIsPhone();
  if (lines.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No employee with a salary has pay in this period
      </Text>
    );
  }
  const stub = (l: PayLineAnswer) =>
    onStub && (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconFileTypePdf size={14} />}
        onClick={() => onStub(l)}
        aria-label={`Pay stub of ${l.fullName}`}
      >
        Pay stub
      </Button>
    );
  if (isPhone) {
    return (
      <Stack gap="xs">
        {lines.map((l) => (
          <Card key={l.contactId} withBorder padding="sm" data-testid="pay-line">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{l.fullName}</Text>
              <Text fw={600}>{money(l.netCents)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {SOURCE_LABEL[l.source]} · {WAGE_LABEL[l.wageType] ?? l.wageType}{' '}
              {quantity(l) && `· ${quantity(l)}`}
            </Text>
            {l.cardTipsCents > 0 && (
              <Text size="sm">
                Gross {money(l.grossCents)} · Card tips {money(l.cardTipsCents)}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {l.note}
            </Text>
            {stub(l)}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Time or classes</Table.Th>
            <Table.Th ta="right">Regular</Table.Th>
            <Table.Th ta="right">Overtime</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Card tips</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            {onStub && <Table.Th w={1} aria-label="Pay stub" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.contactId} data-testid="pay-line">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {l.fullName}
                </Text>
                <Text size="xs" c="dimmed">
                  {WAGE_LABEL[l.wageType] ?? l.wageType}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{SOURCE_LABEL[l.source]}</Text>
                <Text size="xs" c="dimmed">
                  {l.note}
                </Text>
              </Table.Td>
              <Table.Td>{quantity(l)}</Table.Td>
              <Table.Td ta="right">{money(l.regularCents)}</Table.Td>
              <Table.Td ta="right">{money(l.overtimeCents)}</Table.Td>
              <Table.Td ta="right">{money(l.grossCents)}</Table.Td>
              <Table.Td ta="right">{money(l.cardTipsCents)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {money(l.netCents)}
              </Table.Td>
              {onStub && <Table.Td>{stub(l)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
