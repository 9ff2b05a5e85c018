import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../app/toast';
import { moveItem } from '../column-settings';
import { numberKeyFilter } from '../contact-form';
import { CONTACT_MESSAGES, toastFailure } from '../contact-messages';
import { useSaveFieldSettings, useSettingsList, useSettingsMutations } from '../contact-settings.api';
import type { ContactField } from '../contacts.types';
import { ContactFieldModal } from './contact-field-modal';
import { useContactsAbility } from './settings-lists';

const clampWidth = (value: number) => Math.min(1000, Math.max(40, Math.round(value)));

/** Contact fields: the organisation's columns with their label, order, width and visibility. */
export function ContactFieldsSettings() {
  const ability = useContactsAbility();
  const fields = useSettingsList('contact-field');
  const { remove } = useSettingsMutations('contact-field');
  const saveSettings = useSaveFieldSettings();
  const [draft, setDraft] = useState<ContactField[]>([]);
  const [editing, setEditing] = useState<ContactField | 'new' | null>(null);

  useEffect(() => {
    setDraft([...(fields.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder));
  }, [fields.data]);

  const patch = (id: string, change: Partial<ContactField>) =>
    setDraft((list) => list.map((field) => (field._id === id ? { ...field, ...change } : field)));
  const dirty = draft.some((field, index) => {
    const saved = fields.data?.find((f) => f._id === field._id);
    return (
      !saved ||
      saved.sortOrder !== index ||
      saved.width !== field.width ||
      saved.isVisible !== field.isVisible
    );
  });

  const save = () =>
    saveSettings.mutate(
      draft.map((field, index) => ({
        _id: field._id,
        value: field.value,
        sortOrder: index,
        width: field.width,
        isVisible: field.isVisible,
      })),
      {
        onSuccess: () => toast.success(CONTACT_MESSAGES.fieldSettingsUpdated),
        onError: (error) => toastFailure(error),
      },
    );

  const confirmRemove = (field: ContactField) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Delete ${field.value}?`,
      children: <Text size="sm">The values contacts hold in this field are removed too.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(field._id, {
          onSuccess: () => toast.success(CONTACT_MESSAGES.fieldDeleted),
          onError: (error) => toastFailure(error),
        }),
    });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>Contact fields</Title>
            <Text size="sm" c="dimmed">
              The columns of the contacts list: their label, order and width. Custom fields add your own.
            </Text>
          </div>
          <Group gap="xs">
            {ability.canCreate && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Add field
              </Button>
            )}
            {ability.canUpdate && (
              <Button onClick={save} disabled={!dirty} loading={saveSettings.isPending}>
                Save order and widths
              </Button>
            )}
          </Group>
        </Group>
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
              {draft.map((field, index) => (
                <Table.Tr key={field._id} data-field={field.key}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" truncate>
                        {field.value}
                      </Text>
                      {field.isSystem && (
                        <Badge size="xs" variant="light" color="gray">
                          Built in
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" tt="capitalize">
                      {field.fieldType}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Width of ${field.value}`}
                      size="xs"
                      min={40}
                      max={1000}
                      step={10}
                      value={field.width}
                      onKeyDown={numberKeyFilter}
                      onChange={(value) =>
                        typeof value === 'number' && patch(field._id, { width: clampWidth(value) })
                      }
                      disabled={!ability.canUpdate}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Show ${field.value}`}
                      checked={field.isVisible}
                      disabled={!ability.canUpdate || field.key === 'fullName'}
                      onChange={(event) => patch(field._id, { isVisible: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      {ability.canUpdate && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move ${field.value} up`}
                            disabled={index === 0}
                            onClick={() => setDraft((list) => moveItem(list, index, -1))}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move ${field.value} down`}
                            disabled={index === draft.length - 1}
                            onClick={() => setDraft((list) => moveItem(list, index, 1))}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${field.value}`}
                            onClick={() => setEditing(field)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </>
                      )}
                      {ability.canDelete && !field.isSystem && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${field.value}`}
                          onClick={() => confirmRemove(field)}
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
      </Stack>
      <ContactFieldModal field={editing} onClose={() => setEditing(null)} nextOrder={draft.length} />
    </Card>
  );
}
