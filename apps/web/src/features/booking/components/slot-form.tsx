import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { slotBody } from '@opsuite/shared/contracts/booking';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type FieldErrors, validate } from '../../../app/validate';
import { useBookingTypes } from '../booking.api';
import type { SlotInput } from '../calendar.api';

export interface SlotFormValues {
  bookingTypeId: string;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number | '';
  type: 'class' | 'other';
}

export interface SlotFormProps {
  initial: SlotFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (body: SlotInput) => void;
  /** Extra buttons on the left (Delete slot). */
  extra?: ReactNode;
  readOnly?: boolean;
}

/** Booking type, day, start and end (HH:mm in the organisation's zone), capacity and kind. */
export function SlotForm({ initial, submitLabel, submitting, onSubmit, extra, readOnly }: SlotFormProps) {
  const types = useBookingTypes();
  const [values, setValues] = useState<SlotFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof SlotFormValues>(key: K, value: SlotFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, capacity: values.capacity === '' ? null : values.capacity };
    const result = validate(slotBody, body);
    const found = { ...result.errors };
    if (!values.bookingTypeId) found.bookingTypeId = 'Choose a booking type';
    setErrors(found);
    if (result.ok && !found.bookingTypeId) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Slot">
      <Stack gap="sm">
        <Select
          label="Booking type"
          required
          searchable
          disabled={readOnly}
          data={(types.data ?? []).map((t) => ({ value: t._id, label: t.title }))}
          value={values.bookingTypeId || null}
          onChange={(id) => {
            const type = types.data?.find((t) => t._id === id);
            setValues((v) => ({ ...v, bookingTypeId: id ?? '', type: type?.kind ?? v.type }));
          }}
          error={errors.bookingTypeId}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <TextInput
            type="date"
            label="Date"
            required
            disabled={readOnly}
            value={values.date}
            onChange={(e) => set('date', e.currentTarget.value)}
            error={errors.date}
          />
          <TextInput
            type="time"
            label="Start"
            required
            disabled={readOnly}
            value={values.startTime}
            onChange={(e) => set('startTime', e.currentTarget.value)}
            error={errors.startTime}
          />
          <TextInput
            type="time"
            label="End"
            required
            disabled={readOnly}
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
            disabled={readOnly}
            value={values.capacity}
            onChange={(n) => set('capacity', n === '' ? '' : Number(n))}
            error={errors.capacity}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Kind
            </Text>
            <SegmentedControl
              size="xs"
              aria-label="Slot kind"
              disabled={readOnly}
              value={values.type}
              onChange={(type) => set('type', type as SlotFormValues['type'])}
              data={[
                { value: 'class', label: 'Class' },
                { value: 'other', label: 'Appointment' },
              ]}
            />
          </Stack>
        </SimpleGrid>
        {!readOnly && (
          <Group justify="space-between">
            <Group gap="xs">{extra}</Group>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
