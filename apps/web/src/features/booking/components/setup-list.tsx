import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../app/api-client';
import { confirmAction } from '../../../components/confirm';

export interface SetupListProps {
  title: string;
  description: string;
  addLabel: string;
  onAdd?: () => void;
  loading: boolean;
  error: unknown;
  emptyText: string;
  children: ReactNode;
  count: number;
}

/** A card with a title, an add button and the rows (or loading, error, empty states). */
export function SetupList(props: SetupListProps) {
  return (
    <Card padding="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={4}>{props.title}</Title>
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          </div>
          {props.onAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
              {props.addLabel}
            </Button>
          )}
        </Group>
        {props.loading && <Skeleton h={120} />}
        {Boolean(props.error) && <Alert color="red">{errorMessage(props.error)}</Alert>}
        {!props.loading && !props.error && props.count === 0 && (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {props.emptyText}
          </Text>
        )}
        {props.count > 0 && <Stack gap="xs">{props.children}</Stack>}
      </Stack>
    </Card>
  );
}

export interface SetupRowProps {
  name: string;
  children: ReactNode;
  onEdit?: () => void;
  onDelete?: () => void;
  leading?: ReactNode;
}

/** One item: what it is on the left, Edit and Delete in a menu on the right. */
export function SetupRow({ name, children, onEdit, onDelete, leading }: SetupRowProps) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="setup-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
          {leading}
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            {children}
          </Stack>
        </Group>
        {(onEdit || onDelete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onEdit && (
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                  Edit
                </Menu.Item>
              )}
              {onDelete && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

/** Asks before deleting; `detail` says what else goes with it. */
export function confirmDelete(name: string, detail: string, onConfirm: () => void): void {
  confirmAction({
    title: `Delete ${name}?`,
    message: detail,
    confirm: 'Delete',
    onConfirm,
  });
}
