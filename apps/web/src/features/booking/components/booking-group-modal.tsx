import { Button, Group, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { BookingGroupAnswer } from '@opsuite/shared';
import { bookingGroupBody } from '@opsuite/shared/contracts/booking';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, validate } from '../../../app/validate';
import { bookingGroupCalls, useBookingTypes, useSetupSave } from '../booking.api';
import { EditModal, type EditModalProps } from './edit-modal';

export function BookingGroupModal(props: EditModalProps<BookingGroupAnswer>) {
  return (
    <EditModal {...props} noun="booking group">
      {(editing) => <BookingGroupForm group={editing} onDone={props.onClose} />}
    </EditModal>
  );
}

function BookingGroupForm({ group, onDone }: { group: BookingGroupAnswer | null; onDone: () => void }) {
  const types = useBookingTypes();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [typeIds, setTypeIds] = useState<string[]>(group?.bookingTypes.map((t) => t._id) ?? []);
  const [isActive, setIsActive] = useState(group?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving } = useSetupSave(bookingGroupCalls, group, onDone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(bookingGroupBody, { name, description, bookingTypeIds: typeIds, isActive });
    setErrors(result.errors);
    if (!result.ok) return;
    save(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          label="Description"
          description="Shown to visitors on the public booking page"
          autosize
          minRows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <MultiSelect
          label="Booking types"
          description="Their upcoming slots are offered on the group's public page"
          required
          searchable
          data={(types.data ?? []).map((t) => ({ value: t._id, label: t.title }))}
          value={typeIds}
          onChange={setTypeIds}
          error={errors.bookingTypeIds}
          nothingFoundMessage="No booking types"
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="Public link is active"
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
