import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  ScrollArea,
  Select,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDots, IconFolder, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './sidebar-list.module.css';

export interface SidebarItem {
  _id: string;
  label: string;
  /** The user who owns the item; null for items that belong to the organisation. */
  ownerId?: string | null;
  count?: number;
}

export interface SidebarGroup {
  key: string;
  title: string;
  items: SidebarItem[];
}

export interface SidebarButton {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
}

/** Access ids are the user's id plus the assigner's id. */
export function accessIdsFor(userId: string, assignerId?: string | null): string[] {
  return assignerId && assignerId !== userId ? [userId, assignerId] : [userId];
}

/**
 * Items owned by someone outside the access ids are locked; edit and delete appear only when the
 * owner is among the access ids and is the current user.
 */
export function itemAccess(ownerId: string | null | undefined, accessIds: readonly string[], userId: string) {
  const accessible = !ownerId || accessIds.includes(ownerId);
  const canManage = Boolean(ownerId) && accessIds.includes(ownerId as string) && ownerId === userId;
  return { accessible, canManage };
}

export interface SidebarListProps {
  groups: SidebarGroup[];
  currentUserId: string;
  assignerId?: string | null;
  primaryButton?: SidebarButton;
  secondaryButton?: SidebarButton;
  categories?: { value: string; label: string }[];
  category?: string | null;
  onCategoryChange?: (value: string | null) => void;
  categoryLabel?: string;
  selectedId?: string | null;
  onSelect?: (item: SidebarItem) => void;
  onEdit?: (item: SidebarItem) => void;
  onDelete?: (item: SidebarItem) => void;
  /** Turns the lists into checkbox lists. */
  checkable?: boolean;
  checkedIds?: string[];
  onCheckedChange?: (ids: string[]) => void;
  emptyText?: string;
}

/** The side panel of list pages: buttons, a category select and grouped item lists. */
export function SidebarList(props: SidebarListProps) {
  const { groups, currentUserId, assignerId, primaryButton, secondaryButton, categories } = props;
  const accessIds = accessIdsFor(currentUserId, assignerId);
  const checked = new Set(props.checkedIds ?? []);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(id);
    else next.delete(id);
    props.onCheckedChange?.([...next]);
  };

  const renderItem = (item: SidebarItem) => {
    const { accessible, canManage } = itemAccess(item.ownerId, accessIds, currentUserId);
    const icon = accessible ? (
      <IconFolder size={16} aria-label="Folder" />
    ) : (
      <Tooltip label="Owned by someone else">
        <IconLock size={16} aria-label="Locked" />
      </Tooltip>
    );
    const right = (
      <Group gap={4} wrap="nowrap">
        {item.count !== undefined && (
          <Badge size="sm" variant="light" color="gray" circle={item.count < 10}>
            {item.count}
          </Badge>
        )}
        {canManage && (props.onEdit || props.onDelete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Actions for ${item.label}`}
                onClick={(event) => event.stopPropagation()}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {props.onEdit && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => props.onEdit?.(item)}>
                  Edit
                </Menu.Item>
              )}
              {props.onDelete && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => props.onDelete?.(item)}
                >
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    );
    if (props.checkable) {
      return (
        <Group key={item._id} justify="space-between" wrap="nowrap" px="sm" py={6} data-item-id={item._id}>
          <Checkbox
            label={item.label}
            checked={checked.has(item._id)}
            disabled={!accessible}
            onChange={(event) => toggle(item._id, event.currentTarget.checked)}
          />
          <Group gap={6} wrap="nowrap">
            {icon}
            {right}
          </Group>
        </Group>
      );
    }
    const active = props.selectedId === item._id;
    return (
      <Group key={item._id} className={classes.row} data-active={active || undefined} wrap="nowrap" gap={4}>
        <UnstyledButton
          className={classes.rowButton}
          onClick={() => props.onSelect?.(item)}
          aria-current={active ? 'true' : undefined}
          data-item-id={item._id}
        >
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Text size="sm" truncate>
              {item.label}
            </Text>
          </Group>
        </UnstyledButton>
        {right}
      </Group>
    );
  };

  const total = groups.reduce((sum, group) => sum + group.items.length, 0);

  return (
    <Stack gap="sm" h="100%">
      {(primaryButton || secondaryButton) && (
        <Stack gap="xs">
          {primaryButton && (
            <Button fullWidth leftSection={primaryButton.icon} onClick={primaryButton.onClick}>
              {primaryButton.label}
            </Button>
          )}
          {secondaryButton && (
            <Button
              fullWidth
              variant="light"
              leftSection={secondaryButton.icon}
              onClick={secondaryButton.onClick}
            >
              {secondaryButton.label}
            </Button>
          )}
        </Stack>
      )}
      {categories && (
        <Select
          aria-label={props.categoryLabel ?? 'Category'}
          placeholder={props.categoryLabel ?? 'Category'}
          data={categories}
          value={props.category ?? null}
          onChange={(value) => props.onCategoryChange?.(value)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <ScrollArea.Autosize mah="100%" type="auto" offsetScrollbars>
        <Stack gap="md">
          {groups.map((group) => (
            <section key={group.key} aria-label={group.title}>
              <Group justify="space-between" px="sm" mb={4}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {group.title}
                </Text>
                <Badge size="xs" variant="outline" color="gray" aria-label={`${group.items.length} items`}>
                  {group.items.length}
                </Badge>
              </Group>
              <Stack gap={2}>{group.items.map(renderItem)}</Stack>
            </section>
          ))}
          {total === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {props.emptyText ?? 'Nothing here yet'}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
