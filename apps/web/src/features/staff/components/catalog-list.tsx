import {
  ActionIcon,
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm';
import { money } from '../staff-format';

export interface CatalogItem {
  _id: string;
  name: string;
  color: string | null;
  hourlyCostCents?: number | null;
}

/** A short named list (categories, positions): add, rename, colour, cost, remove. */
export function CatalogList({
  title,
  items,
  withCost,
  onSave,
  onDelete,
}: {
  title: string;
  items: CatalogItem[];
  withCost?: boolean;
  onSave: (item: {
    id?: string;
    name: string;
    color: string | null;
    hourlyCostCents?: number | null;
  }) => void;
  onDelete: (id: string) => void;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [cost, setCost] = useState<number | string>('');
  const add = () => {
    if (!name.trim()) return;
    onSave({
      name: name.trim(),
      color: color || null,
      ...(withCost ? { hourlyCostCents: cost === '' ? null : Math.round(Number(cost) * 100) } : {}),
    });
    setName('');
    setColor('');
    setCost('');
  };
  return (
    <Card withBorder padding="md" data-testid={`catalog-${title.toLowerCase()}`}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      <Stack gap={6}>
        {items.map((item) => (
          <Group key={item._id} justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <span
                style={{
                  width: 12,
                  height: 12,
                  borderRadius: 6,
                  background: item.color ?? 'var(--mantine-color-gray-4)',
                }}
              />
              <Text size="sm">{item.name}</Text>
              {withCost && item.hourlyCostCents != null && (
                <Text size="xs" c="dimmed">
                  {money(item.hourlyCostCents)}/h
                </Text>
              )}
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${item.name}`}
              onClick={() =>
                confirmAction({
                  title: `Delete ${item.name}?`,
                  message: 'It is removed from every employee.',
                  confirm: 'Delete',
                  onConfirm: () => onDelete(item._id),
                })
              }
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        )}
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            size="xs"
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
          />
          <ColorInput size="xs" label="Colour" value={color} onChange={setColor} format="hex" w={120} />
          {withCost && (
            <NumberInput
              size="xs"
              label="Cost an hour"
              value={cost}
              onChange={setCost}
              min={0}
              decimalScale={2}
              w={110}
            />
          )}
          <Button size="xs" onClick={add}>
            Add
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
