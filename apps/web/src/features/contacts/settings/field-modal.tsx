import { Button, Group, Modal, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { CONTACT_MESSAGES } from '../contact-messages';
import type { ContactField } from '../contacts.types';
import { useSettingsMutations } from './settings.api';

const FIELD_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'select', label: 'Select' },
  { value: 'checkbox', label: 'Checkbox' },
];

/** Add a custom contact field, or rename a field (and edit a select field's options). */
export function ContactFieldModal({
  field,
  onClose,
  nextOrder,
}: {
  field: ContactField | 'new' | null;
  onClose: () => void;
  nextOrder: number;
}) {
  const { create, update } = useSettingsMutations('contact-field');
  const existing = field && field !== 'new' ? field : null;
  const [value, setValue] = useState('');
  const [fieldType, setFieldType] = useState('text');
  const [options, setOptions] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setValue(existing?.value ?? '');
    setFieldType(existing?.fieldType ?? 'text');
    setOptions(existing?.options ?? []);
    setError(null);
  }, [existing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError('Label is required');
    if (fieldType === 'select' && options.length === 0) return setError('A select field needs options');
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (existing) {
      update.mutate(
        { id: existing._id, body: { value: value.trim(), ...(fieldType === 'select' ? { options } : {}) } },
        { onSuccess: done(CONTACT_MESSAGES.fieldUpdated), onError: (e) => toastFailure(e) },
      );
    } else {
      create.mutate(
        {
          value: value.trim(),
          fieldType,
          ...(fieldType === 'select' ? { options } : {}),
          sortOrder: nextOrder,
        },
        { onSuccess: done(CONTACT_MESSAGES.fieldAdded), onError: (e) => toastFailure(e) },
      );
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={field !== null}
      onClose={onClose}
      title={existing ? 'Edit contact field' : 'New contact field'}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Label"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Select
            label="Type"
            data={FIELD_TYPES}
            value={fieldType}
            onChange={(next) => next && setFieldType(next)}
            disabled={Boolean(existing)}
            allowDeselect={false}
          />
          {fieldType === 'select' && (
            <TagsInput
              label="Options"
              description="Press Enter after each option"
              value={options}
              onChange={setOptions}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {existing ? 'Save' : 'Add field'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
