import {
  Button,
  Chip,
  Group,
  Input,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { ClassScheduleAnswer } from '@opsuite/shared';
import { classScheduleBody } from '@opsuite/shared/contracts/booking';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../../app/auth-store';
import { type FieldErrors, validate } from '../../../app/validate';
import { todayInZone } from '../../../app/zone-time';
import { classScheduleCalls, useBookingTypes, useSetupSave } from '../booking.api';
import { EditModal, type EditModalProps } from './edit-modal';

/** A week runs Sunday to Saturday. */
export const WEEK_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function ClassScheduleModal(props: EditModalProps<ClassScheduleAnswer>) {
  return (
    <EditModal {...props} noun="class schedule" size="lg">
      {(editing) => <ClassScheduleForm schedule={editing} onDone={props.onClose} />}
    </EditModal>
  );
}

function ClassScheduleForm({
  schedule,
  onDone,
}: {
  schedule: ClassScheduleAnswer | null;
  onDone: () => void;
}) {
  const timeZone = useSession()?.organization.timeZone ?? 'UTC';
  const types = useBookingTypes();
  const [values, setValues] = useState({
    bookingTypeId: schedule?.bookingType._id ?? '',
    days: (schedule?.daysOfWeek ?? [1, 3, 5]).map(String),
    startTime: schedule?.startTime ?? '09:00',
    endTime: schedule?.endTime ?? '10:00',
    capacity: schedule?.capacity ?? ('' as number | ''),
    fromDate: schedule?.fromDate ?? todayInZone(timeZone),
    untilDate: schedule?.untilDate ?? '',
    isActive: schedule?.isActive ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving } = useSetupSave(classScheduleCalls, schedule, onDone);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      bookingTypeId: values.bookingTypeId,
      daysOfWeek: values.days.map(Number).sort((a, b) => a - b),
      startTime: values.startTime,
      endTime: values.endTime,
      capacity: values.capacity === '' ? null : values.capacity,
      fromDate: values.fromDate,
      untilDate: values.untilDate || null,
      isActive: values.isActive,
    };
    const result = validate(classScheduleBody, body);
    const found = { ...result.errors };
    if (!values.bookingTypeId) found.bookingTypeId = 'Choose a booking type';
    setErrors(found);
    if (!result.ok || found.bookingTypeId) return;
    save(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Booking type"
          required
          searchable
          data={(types.data ?? []).map((t) => ({ value: t._id, label: t.title }))}
          value={values.bookingTypeId || null}
          onChange={(id) => set('bookingTypeId', id ?? '')}
          error={errors.bookingTypeId}
          comboboxProps={{ withinPortal: true }}
        />
        <Input.Wrapper label="Days" required error={errors.daysOfWeek}>
          <Chip.Group multiple value={values.days} onChange={(days) => set('days', days)}>
            <Group gap={6} mt={4}>
              {WEEK_DAYS.map((day, index) => (
                <Chip key={day} value={String(index)} size="sm">
                  {day}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <TextInput
            type="time"
            label="Start time"
            required
            value={values.startTime}
            onChange={(e) => set('startTime', e.currentTarget.value)}
            error={errors.startTime}
          />
          <TextInput
            type="time"
            label="End time"
            required
            value={values.endTime}
            onChange={(e) => set('endTime', e.currentTarget.value)}
            error={errors.endTime}
          />
          <NumberInput
            label="Capacity"
            placeholder="No limit"
            min={1}
            max={10_000}
            allowDecimal={false}
            value={values.capacity}
            onChange={(n) => set('capacity', n === '' ? '' : Number(n))}
            error={errors.capacity}
          />
          <TextInput
            type="date"
            label="From"
            required
            value={values.fromDate}
            onChange={(e) => set('fromDate', e.currentTarget.value)}
            error={errors.fromDate}
          />
          <TextInput
            type="date"
            label="Until"
            placeholder="No end"
            value={values.untilDate}
            onChange={(e) => set('untilDate', e.currentTarget.value)}
            error={errors.untilDate}
          />
        </SimpleGrid>
        <Switch
          label="Active"
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
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
