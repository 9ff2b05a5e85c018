import {
  ActionIcon,
  Button,
  Card,
  ColorInput,
  ColorSwatch,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconLock,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { confirmAction } from '../../../components/confirm';

export interface NamedItem {
  _id: string;
  name: string;
  color?: string | null;
  /** Built-in entries cannot be deleted. */
  locked?: boolean;
  hint?: string;
}

export interface NamedListEditorProps {
  title: string;
  description?: ReactNode;
  items: NamedItem[];
  loading?: boolean;
  withColor?: boolean;
  addLabel: string;
  emptyText: string;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onCreate: (name: string, color: string | null) => Promise<unknown>;
  onRename: (item: NamedItem, name: string, color: string | null) => Promise<unknown>;
  onDelete: (item: NamedItem) => void;
  /** Up/down buttons to change the order. */
  onMove?: (index: number, step: -1 | 1) => void;
  actions?: ReactNode;
  /** More about an item, under its name (a rank's requirements). */
  renderItemDetail?: (item: NamedItem) => ReactNode;
  /** More actions on an item, before rename and delete. */
  renderItemActions?: (item: NamedItem) => ReactNode;
}

/** One settings list: add, rename, delete (with confirmation) and, for stages, reorder. */
export function NamedListEditor(props: NamedListEditorProps) {
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setSaving(true);
    try {
      await props.onCreate(name.trim(), color.trim() || null);
      setName('');
      setColor('');
      setError(null);
    } catch {
      // The caller has shown the failure.
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = (item: NamedItem) =>
    confirmAction({
      title: `Delete ${item.name}?`,
      message: 'Contacts that use it keep their other details.',
      confirm: 'Delete',
      onConfirm: () => props.onDelete(item),
    });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{props.title}</Title>
            {props.description && (
              <Text size="sm" c="dimmed">
                {props.description}
              </Text>
            )}
          </div>
          {props.actions}
        </Group>
        {props.canCreate && (
          <form onSubmit={create} aria-label={props.addLabel}>
            <Group align="flex-start" gap="xs">
              <TextInput
                aria-label={`${props.addLabel} name`}
                placeholder="Name"
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                style={{ flex: 1, minWidth: 160 }}
              />
              {props.withColor && (
                <ColorInput
                  aria-label="Colour"
                  placeholder="Colour"
                  format="hex"
                  value={color}
                  onChange={setColor}
                  w={140}
                  withEyeDropper={false}
                />
              )}
              <Button type="submit" loading={saving}>
                {props.addLabel}
              </Button>
            </Group>
          </form>
        )}
        {props.loading && <Loader size="sm" />}
        {!props.loading && props.items.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {props.emptyText}
          </Text>
        )}
        <Stack gap={4}>
          {props.items.map((item, index) => (
            <ItemRow
              key={item._id}
              item={item}
              index={index}
              count={props.items.length}
              list={props}
              onDelete={confirmDelete}
            />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

interface ItemRowProps {
  item: NamedItem;
  index: number;
  count: number;
  list: NamedListEditorProps;
  onDelete: (item: NamedItem) => void;
}

function ItemRow({ item, index, count, list, onDelete }: ItemRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [color, setColor] = useState(item.color ?? '');
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setSaving(true);
    try {
      await list.onRename(item, name.trim(), color.trim() || null);
      setEditing(false);
    } catch {
      // The caller has shown the failure.
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <form onSubmit={save} aria-label={`Rename ${item.name}`}>
        <Group gap="xs" wrap="nowrap" px="xs" py={4}>
          <TextInput
            aria-label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
            autoFocus
          />
          {list.withColor && (
            <ColorInput
              aria-label="Colour"
              format="hex"
              value={color}
              onChange={setColor}
              w={130}
              withEyeDropper={false}
            />
          )}
          <ActionIcon type="submit" aria-label="Save name" loading={saving} variant="light">
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={() => setEditing(false)}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </form>
    );
  }

  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="xs"
      py={6}
      data-item={item.name}
      style={{ borderRadius: 8 }}
      bg="var(--mantine-color-default-hover)"
    >
      <div style={{ minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          {list.withColor && <ColorSwatch color={item.color || 'var(--mantine-color-gray-4)'} size={16} />}
          <Text size="sm" truncate>
            {item.name}
          </Text>
          {item.hint && (
            <Text size="xs" c="dimmed">
              {item.hint}
            </Text>
          )}
          {item.locked && (
            <Tooltip label="Built in: it can be renamed but not deleted">
              <IconLock size={14} aria-label="Built in" />
            </Tooltip>
          )}
        </Group>
        {list.renderItemDetail?.(item)}
      </div>
      <Group gap={2} wrap="nowrap">
        {list.renderItemActions?.(item)}
        {list.onMove && list.canUpdate && (
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${item.name} up`}
              disabled={index === 0}
              onClick={() => list.onMove?.(index, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${item.name} down`}
              disabled={index === count - 1}
              onClick={() => list.onMove?.(index, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </>
        )}
        {list.canUpdate && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Rename ${item.name}`}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        )}
        {list.canDelete && !item.locked && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${item.name}`}
            onClick={() => onDelete(item)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
