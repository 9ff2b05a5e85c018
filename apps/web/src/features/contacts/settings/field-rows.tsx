import { ActionIcon, Badge, Group, NumberInput, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ContactField } from '../contacts.types';
import { numberKeyFilter } from '../form/contact-form';

// The rows of the contact fields settings: a table on wider screens, a stacked card per field on a
// phone (name and badges on one line, the controls on the next) so nothing needs sideways scrolling.

const clampWidth = (value: number) => Math.min(1000, Math.max(40, Math.round(value)));

export interface FieldRowsProps {
  fields: ContactField[];
  canUpdate: boolean;
  canDelete: boolean;
  onPatch: (id: string, change: Partial<ContactField>) => void;
  onMove: (index: number, step: -1 | 1) => void;
  onEdit: (field: ContactField) => void;
  onRemove: (field: ContactField) => void;
}

interface FieldProps extends Omit<FieldRowsProps, 'fields'> {
  field: ContactField;
  index: number;
  count: number;
}

function WidthInput({ field, canUpdate, onPatch, w }: FieldProps & { w?: number }) {
  return (
    <NumberInput
      aria-label={`Width of ${field.value}`}
      size="xs"
      w={w}
      min={40}
      max={1000}
      step={10}
      value={field.width}
      onKeyDown={numberKeyFilter}
      onChange={(value) => typeof value === 'number' && onPatch(field._id, { width: clampWidth(value) })}
      disabled={!canUpdate}
    />
  );
}

function ShownSwitch({ field, canUpdate, onPatch, label }: FieldProps & { label?: string }) {
  return (
    <Switch
      aria-label={`Show ${field.value}`}
      label={label}
      checked={field.isVisible}
      disabled={!canUpdate || field.key === 'fullName'}
      onChange={(event) => onPatch(field._id, { isVisible: event.currentTarget.checked })}
    />
  );
}

function FieldActions({ field, index, count, canUpdate, canDelete, onMove, onEdit, onRemove }: FieldProps) {
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {canUpdate && (
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${field.value} up`}
            disabled={index === 0}
            onClick={() => onMove(index, -1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${field.value} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit ${field.value}`}
            onClick={() => onEdit(field)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </>
      )}
      {canDelete && !field.isSystem && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${field.value}`}
          onClick={() => onRemove(field)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

function BuiltInBadge({ field }: { field: ContactField }) {
  if (!field.isSystem) return null;
  return (
    <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
      Built in
    </Badge>
  );
}

/** Wider screens: one table row per field. */
export function ContactFieldTable({ fields, ...rest }: FieldRowsProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} aria-label="Contact fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th w={110}>Type</Table.Th>
            <Table.Th w={120}>Width (px)</Table.Th>
            <Table.Th w={80}>Shown</Table.Th>
            <Table.Th w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field, index) => {
            const props = { ...rest, field, index, count: fields.length };
            return (
              <Table.Tr key={field._id} data-field={field.key}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" truncate title={field.value}>
                      {field.value}
                    </Text>
                    <BuiltInBadge field={field} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" tt="capitalize">
                    {field.fieldType}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <WidthInput {...props} />
                </Table.Td>
                <Table.Td>
                  <ShownSwitch {...props} />
                </Table.Td>
                <Table.Td>
                  <FieldActions {...props} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a card per field, the name and badges first, then shown, width and the buttons. */
export function ContactFieldCards({ fields, ...rest }: FieldRowsProps) {
  return (
    <Stack gap="xs" component="ul" aria-label="Contact fields" m={0} p={0} style={{ listStyle: 'none' }}>
      {fields.map((field, index) => {
        const props = { ...rest, field, index, count: fields.length };
        return (
          <Paper key={field._id} component="li" withBorder radius="md" px="sm" py="xs" data-field={field.key}>
            <Group gap="xs" wrap="nowrap" mb={6}>
              <Text size="sm" fw={500} truncate title={field.value} style={{ minWidth: 0 }}>
                {field.value}
              </Text>
              <Badge size="xs" variant="outline" color="gray" style={{ flex: 'none' }}>
                {field.fieldType}
              </Badge>
              <BuiltInBadge field={field} />
            </Group>
            <Group gap={6} wrap="wrap" justify="space-between">
              <Group gap="sm" wrap="nowrap">
                <ShownSwitch {...props} label="Shown" />
                <WidthInput {...props} w={84} />
              </Group>
              <FieldActions {...props} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
