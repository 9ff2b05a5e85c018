import { Button, Group, Modal, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { BookingGroupAnswer } from '@opsuite/shared';
import { bookingGroupBody } from '@opsuite/shared/contracts/booking';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, validate } from '../../../app/validate';
import { bookingGroupCalls, useBookingTypes, useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';

export interface BookingGroupModalProps {
  target: BookingGroupAnswer | 'new' | null;
  onClose: () => void;
}

export function BookingGroupModal({ target, onClose }: BookingGroupModalProps) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? 'Edit booking group' : 'New booking group'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target !== null && <BookingGroupForm key={editing?._id ?? 'new'} group={editing} onDone={onClose} />}
    </Modal>
  );
}

function BookingGroupForm({ group, onDone }: { group: BookingGroupAnswer | null; onDone: () => void }) {
  const types = useBookingTypes();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [typeIds, setTypeIds] = useState<string[]>(group?.bookingTypes.map((t) => t._id) ?? []);
  const [isActive, setIsActive] = useState(group?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useBookingWrite(bookingGroupCalls.create, BOOKING_TEXT.created);
  const update = useBookingWrite(bookingGroupCalls.update, BOOKING_TEXT.updated);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(bookingGroupBody, { name, description, bookingTypeIds: typeIds, isActive });
    setErrors(result.errors);
    if (!result.ok) return;
    const done = { onSuccess: onDone };
    if (group) update.mutate({ id: group._id, body: result.data }, done);
    else create.mutate(result.data, done);
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
          <Button type="submit" loading={create.isPending || update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
