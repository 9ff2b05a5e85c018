import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { PAY_CYCLES, type PayCycle, type SalaryAnswer } from '@opsuite/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { useIsPhone } from '../../../app/use-is-phone';
import { confirmAction } from '../../../components/confirm';
import { ContactPicker } from '../../contacts';
import { usePayrollSettings, useRemoveSalary, useSalaries, useSaveSettings } from '../payroll.api';
import { money, WAGE_LABEL } from './money';
import { SalaryForm } from './salary-form';

const CYCLE_LABEL: Record<PayCycle, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month',
  monthly: 'Monthly',
};

function PayCycleCard({ canUpdate }: { canUpdate: boolean }) {
  const settings = usePayrollSettings();
  const save = useSaveSettings();
  const [cycle, setCycle] = useState<PayCycle>('biweekly');
  const [anchor, setAnchor] = useState('');
  useEffect(() => {
    if (settings.data) {
      setCycle(settings.data.payCycle);
      setAnchor(settings.data.anchorDay);
    }
  }, [settings.data]);
  return (
    <Card withBorder padding="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Pay cycle"
          data={PAY_CYCLES.map((c) => ({ value: c, label: CYCLE_LABEL[c] }))}
          value={cycle}
          onChange={(v) => v && setCycle(v as PayCycle)}
          allowDeselect={false}
          disabled={!canUpdate}
        />
        <TextInput
          type="date"
          label="A period starts on"
          value={anchor}
          onChange={(e) => setAnchor(e.currentTarget.value)}
          disabled={!canUpdate}
        />
        {canUpdate && (
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ payCycle: cycle, anchorDay: anchor })}
          >
            Save pay cycle
          </Button>
        )}
      </Group>
    </Card>
  );
}

const rateText = (s: SalaryAnswer) =>
  `${money(s.rateCents)}${s.wageType === 'hourly' ? ' / hour' : s.wageType === 'per_class' ? ' / class' : ' / year'}`;

/** The pay cycle and each employee's salary. */
export function SalaryPanel({ canUpdate, canDelete }: { canUpdate: boolean; canDelete: boolean }) {
  const salaries = useSalaries();
  const remove = useRemoveSalary();
  const isPhone = useIsPhone();
  const [editing, setEditing] = useState<{
    contactId: string;
    fullName: string;
    salary: SalaryAnswer | null;
  } | null>(null);
  const list = salaries.data ?? [];
  return (
    <Stack gap="md">
      <PayCycleCard canUpdate={canUpdate} />
      <Card withBorder padding={isPhone ? 'sm' : 'md'}>
        {canUpdate && (
          <ContactPicker
            label="Set the salary of"
            placeholder="Search an employee"
            staffOnly
            value={null}
            onChange={(c) =>
              c &&
              setEditing({
                contactId: c._id,
                fullName: c.fullName,
                salary: list.find((s) => s.contactId === c._id) ?? null,
              })
            }
          />
        )}
        {salaries.isPending && <Skeleton h={80} mt="md" />}
        {salaries.isError && <Alert color="red">{errorMessage(salaries.error)}</Alert>}
        {salaries.data && list.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No salaries yet
          </Text>
        )}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={isPhone ? 0 : 520} mt="md">
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Wage</Table.Th>
                  {!isPhone && <Table.Th>Overtime</Table.Th>}
                  {!isPhone && <Table.Th>From</Table.Th>}
                  <Table.Th w={1} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((s) => (
                  <Table.Tr key={s.contactId}>
                    <Table.Td>{s.fullName}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{WAGE_LABEL[s.wageType]}</Text>
                      <Text size="xs" c="dimmed">
                        {rateText(s)}
                      </Text>
                    </Table.Td>
                    {!isPhone && (
                      <Table.Td>
                        {s.wageType === 'hourly'
                          ? `over ${s.overtimeThresholdHours} h at ${s.overtimeMultiplier}x`
                          : '-'}
                      </Table.Td>
                    )}
                    {!isPhone && <Table.Td>{s.effectiveFrom}</Table.Td>}
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canUpdate && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit salary of ${s.fullName}`}
                            onClick={() =>
                              setEditing({ contactId: s.contactId, fullName: s.fullName, salary: s })
                            }
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        )}
                        {canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove salary of ${s.fullName}`}
                            onClick={() =>
                              confirmAction({
                                title: `Remove the salary of ${s.fullName}?`,
                                message: 'Runs already made keep what they paid.',
                                confirm: 'Remove',
                                onConfirm: () => remove.mutate(s.contactId),
                              })
                            }
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && <SalaryForm {...editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
