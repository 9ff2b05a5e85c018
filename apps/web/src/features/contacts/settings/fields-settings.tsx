import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { confirmAction } from '../../../components/confirm';
import { moveItem } from '../column-settings';
import { CONTACT_MESSAGES } from '../contact-messages';
import type { ContactField } from '../contacts.types';
import { ContactFieldModal } from './field-modal';
import { ContactFieldCards, ContactFieldTable, type FieldRowsProps } from './field-rows';
import { useSaveFieldSettings, useSettingsList, useSettingsMutations } from './settings.api';
import { useContactsAbility } from './settings-lists';

/** Contact fields: the organisation's columns with their label, order, width and visibility. */
export function ContactFieldsSettings() {
  const ability = useContactsAbility();
  const isPhone = useIsPhone();
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
    confirmAction({
      title: `Delete ${field.value}?`,
      message: 'The values contacts hold in this field are removed too.',
      confirm: 'Delete',
      onConfirm: () =>
        remove.mutate(field._id, {
          onSuccess: () => toast.success(CONTACT_MESSAGES.fieldDeleted),
          onError: (error) => toastFailure(error),
        }),
    });

  const rowProps: FieldRowsProps = {
    fields: draft,
    canUpdate: ability.canUpdate,
    canDelete: ability.canDelete,
    onPatch: patch,
    onMove: (index, step) => setDraft((list) => moveItem(list, index, step)),
    onEdit: setEditing,
    onRemove: confirmRemove,
  };

  return (
    <Card padding={isPhone ? 'md' : 'lg'}>
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
        {isPhone ? <ContactFieldCards {...rowProps} /> : <ContactFieldTable {...rowProps} />}
      </Stack>
      <ContactFieldModal field={editing} onClose={() => setEditing(null)} nextOrder={draft.length} />
    </Card>
  );
}
