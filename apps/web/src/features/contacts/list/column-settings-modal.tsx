import { ActionIcon, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type ListColumn, LOCKED_COLUMN, moveItem } from '../column-settings';

export interface ColumnSettingsModalProps {
  opened: boolean;
  onClose: () => void;
  columns: ListColumn[];
  onSave: (columns: ListColumn[]) => void;
  onReset: () => void;
}

/** Choose and order the visible columns of the contacts table (kept in local storage). */
export function ColumnSettingsModal({ opened, onClose, columns, onSave, onReset }: ColumnSettingsModalProps) {
  const [draft, setDraft] = useState(columns);
  useEffect(() => {
    if (opened) setDraft(columns);
  }, [opened, columns]);

  const toggle = (key: string, visible: boolean) =>
    setDraft((list) => list.map((column) => (column.key === key ? { ...column, visible } : column)));

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Columns"
      size="md"
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Choose the columns you see and their order. Only this browser remembers it.
        </Text>
        {draft.map((column, index) => (
          <Paper key={column.key} withBorder px="sm" py={6} data-column={column.key}>
            <Group justify="space-between" wrap="nowrap">
              <Checkbox
                label={column.label}
                checked={column.visible}
                disabled={column.key === LOCKED_COLUMN}
                onChange={(event) => toggle(column.key, event.currentTarget.checked)}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${column.label} up`}
                  disabled={index === 0}
                  onClick={() => setDraft((list) => moveItem(list, index, -1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${column.label} down`}
                  disabled={index === draft.length - 1}
                  onClick={() => setDraft((list) => moveItem(list, index, 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              onReset();
              onClose();
            }}
          >
            Reset
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                onSave(draft);
                onClose();
              }}
            >
              Save columns
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
