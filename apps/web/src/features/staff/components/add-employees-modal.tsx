import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useEmployees, useSaveEmployee } from '../staff.api';

/** Puts employees on the schedule's roster (they then get a row on the grid). */
export function AddEmployeesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const employees = useEmployees();
  const save = useSaveEmployee();
  const [picked, setPicked] = useState<string[]>([]);
  const off = (employees.data?.list ?? []).filter((e) => !e.onSchedule);
  const add = async () => {
    for (const contactId of picked) await save.mutateAsync({ contactId }).catch(() => undefined);
    setPicked([]);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add employees to the schedule"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {off.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every employee is on the schedule.
          </Text>
        ) : (
          <MultiSelect
            label="Employees"
            data={off.map((e) => ({ value: e.contactId, label: e.fullName }))}
            value={picked}
            onChange={setPicked}
            searchable
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={add} disabled={picked.length === 0} loading={save.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
