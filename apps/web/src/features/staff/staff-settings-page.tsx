import {
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { EmployeeProfileAnswer } from '@opsuite/shared/contracts/staff-schedule';
import type { TimeSettings } from '@opsuite/shared/contracts/staff-time';
import { useState } from 'react';
import { PageToolbar } from '../../components/page-toolbar';
import { CatalogList } from './components/catalog-list';
import { PinForm } from './components/pin-card';
import {
  useCategories,
  useDeleteCategory,
  useDeletePosition,
  useEmployees,
  usePositions,
  useRemoveEmployee,
  useSaveCategory,
  useSaveEmployee,
  useSavePosition,
  useSaveSettings,
  useTimeSettings,
} from './staff.api';

function TimeRules({ settings }: { settings: TimeSettings }) {
  const save = useSaveSettings();
  const [form, setForm] = useState(settings);
  return (
    <Card withBorder padding="md" data-testid="time-rules">
      <Title order={5} mb="xs">
        Time tracking
      </Title>
      <Stack gap="sm">
        <Switch
          label="Ask employees to share their screen for screenshots while they work"
          checked={form.screenshotsEnabled}
          onChange={(e) => setForm({ ...form, screenshotsEnabled: e.currentTarget.checked })}
        />
        <Switch
          label="Require a PIN with the punch id"
          description="The tablet time clock asks for the employee's 4-6 digit PIN after their punch id. Employees set it on their Time clock page; you can set it below."
          checked={form.requirePunchPin}
          onChange={(e) => setForm({ ...form, requirePunchPin: e.currentTarget.checked })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Screenshot every (minutes)"
            min={1}
            max={240}
            value={form.screenshotIntervalMinutes}
            onChange={(v) => setForm({ ...form, screenshotIntervalMinutes: Number(v) || 15 })}
          />
          <NumberInput
            label="End a forgotten session after (hours)"
            min={1}
            max={24}
            value={form.autoEndHours}
            onChange={(v) => setForm({ ...form, autoEndHours: Number(v) || 12 })}
          />
          <NumberInput
            label="Late after (minutes)"
            min={0}
            max={120}
            value={form.lateGraceMinutes}
            onChange={(v) => setForm({ ...form, lateGraceMinutes: Number(v) || 0 })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => save.mutate(form)} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Employees() {
  const employees = useEmployees();
  const positions = usePositions();
  const categories = useCategories();
  const save = useSaveEmployee();
  const remove = useRemoveEmployee();
  const [pinFor, setPinFor] = useState<EmployeeProfileAnswer | null>(null);
  const positionData = (positions.data?.list ?? []).map((p) => ({ value: p._id, label: p.name }));
  const categoryData = (categories.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }));
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        Employees
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        The schedule's labour cost uses the wage payroll pays; for an employee without one it uses this hourly
        cost, then the shift's position's rate.
      </Text>
      <ScrollArea type="auto">
        <Table miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Employee</Table.Th>
              <Table.Th>On schedule</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Positions</Table.Th>
              <Table.Th>Cost an hour</Table.Th>
              <Table.Th>Punch id</Table.Th>
              <Table.Th>PIN</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(employees.data?.list ?? []).map((e) => (
              <Table.Tr key={e.contactId}>
                <Table.Td>{e.fullName}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={e.onSchedule}
                    onChange={(ev) =>
                      ev.currentTarget.checked
                        ? save.mutate({ contactId: e.contactId })
                        : remove.mutate(e.contactId)
                    }
                    aria-label={`${e.fullName} on the schedule`}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    w={160}
                    data={categoryData}
                    value={e.categoryId}
                    clearable
                    onChange={(v) => save.mutate({ contactId: e.contactId, categoryId: v })}
                    aria-label={`Category of ${e.fullName}`}
                  />
                </Table.Td>
                <Table.Td>
                  <MultiSelect
                    size="xs"
                    miw={200}
                    data={positionData}
                    value={e.positionIds}
                    onChange={(v) => save.mutate({ contactId: e.contactId, positionIds: v })}
                    aria-label={`Positions of ${e.fullName}`}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={100}
                    min={0}
                    decimalScale={2}
                    defaultValue={e.hourlyCostCents == null ? '' : e.hourlyCostCents / 100}
                    onBlur={(ev) => {
                      const raw = ev.currentTarget.value.replace(/,/g, '');
                      const cents = raw === '' ? null : Math.round(Number(raw) * 100);
                      if (cents !== e.hourlyCostCents && (cents === null || Number.isFinite(cents))) {
                        save.mutate({ contactId: e.contactId, hourlyCostCents: cents });
                      }
                    }}
                    aria-label={`Cost an hour of ${e.fullName}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {e.punchId ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => setPinFor(e)}>
                    {e.pinSet ? 'Change PIN' : 'Set PIN'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Modal
        opened={pinFor !== null}
        onClose={() => setPinFor(null)}
        title={pinFor ? `Punch PIN of ${pinFor.fullName}` : 'Punch PIN'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {pinFor && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {pinFor.pinSet ? 'This employee has a PIN.' : 'This employee has no PIN yet.'} Tell them the new
              one; it is never shown again.
            </Text>
            <PinForm contactId={pinFor.contactId} pinSet={pinFor.pinSet} onSaved={() => setPinFor(null)} />
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

/** Staff settings: time rules, categories, positions and each employee's staff record. */
export function StaffSettingsPage() {
  const settings = useTimeSettings();
  const categories = useCategories();
  const positions = usePositions();
  const saveCategory = useSaveCategory();
  const deleteCategory = useDeleteCategory();
  const savePosition = useSavePosition();
  const deletePosition = useDeletePosition();
  return (
    <Stack gap="md" maw={1000}>
      <PageToolbar title="Staff settings" />
      {settings.data && <TimeRules settings={settings.data} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CatalogList
          title="Categories"
          items={categories.data?.list ?? []}
          onSave={({ id, name, color }) => saveCategory.mutate({ id, name, color })}
          onDelete={(id) => deleteCategory.mutate(id)}
        />
        <CatalogList
          title="Positions"
          withCost
          items={positions.data?.list ?? []}
          onSave={(p) => savePosition.mutate(p)}
          onDelete={(id) => deletePosition.mutate(id)}
        />
      </SimpleGrid>
      <Employees />
      <Text size="xs" c="dimmed">
        Time clock on a tablet: open /time-clock there and pair it with a device code from Devices; employees
        punch in with their punch id (and their PIN when it is required).
      </Text>
    </Stack>
  );
}
