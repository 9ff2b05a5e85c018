import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { BookingTypeAnswer } from '@opsuite/shared';
import { bookingTypeBody } from '@opsuite/shared/contracts/booking';
import type { EventColorName } from '@opsuite/shared/rules/theme-color';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, validate } from '../../../app/validate';
import { bookingTypeCalls, useSetupSave } from '../booking.api';
import { ColorNameSelect } from './color-name-select';
import { EditModal, type EditModalProps } from './edit-modal';

interface Values {
  title: string;
  label: string;
  value: string;
  programName: string;
  color: EventColorName;
  kind: 'class' | 'other';
  durationMinutes: number;
  description: string;
}

function initial(type: BookingTypeAnswer | null): Values {
  return {
    title: type?.title ?? '',
    label: type?.label ?? '',
    value: type?.value ?? '',
    programName: type?.programName ?? '',
    color: type?.color ?? 'Default',
    kind: type?.kind ?? 'class',
    durationMinutes: type?.durationMinutes ?? 60,
    description: type?.description ?? '',
  };
}

export function BookingTypeModal(props: EditModalProps<BookingTypeAnswer>) {
  return (
    <EditModal {...props} noun="booking type" size="lg">
      {(editing) => <BookingTypeForm type={editing} onDone={props.onClose} />}
    </EditModal>
  );
}

function BookingTypeForm({ type, onDone }: { type: BookingTypeAnswer | null; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => initial(type));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving } = useSetupSave(bookingTypeCalls, type, onDone);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'title' | 'label' | 'value' | 'programName' | 'description') => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
    error: errors[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(bookingTypeBody, values);
    setErrors(result.errors);
    if (!result.ok) return;
    save(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Title" required data-autofocus maxLength={120} {...text('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Label"
            description="Shown in pickers; the title when empty"
            maxLength={120}
            {...text('label')}
          />
          <TextInput
            label="Value"
            description="A short key; made from the title when empty"
            maxLength={120}
            {...text('value')}
          />
          <TextInput
            label="Program name"
            description="Shown on the kiosk under the class. Its classes count toward the progression of the same name (Contact settings, Ranks)"
            maxLength={120}
            {...text('programName')}
          />
          <ColorNameSelect value={values.color} onChange={(color) => set('color', color)} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Kind
            </Text>
            <SegmentedControl
              aria-label="Kind"
              value={values.kind}
              onChange={(kind) => set('kind', kind as Values['kind'])}
              data={[
                { value: 'class', label: 'Class' },
                { value: 'other', label: 'Appointment' },
              ]}
            />
          </Stack>
          <NumberInput
            label="Duration (minutes)"
            min={5}
            max={1440}
            step={5}
            value={values.durationMinutes}
            onChange={(n) => set('durationMinutes', typeof n === 'number' ? n : Number(n) || 0)}
            error={errors.durationMinutes}
          />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} maxLength={2000} {...text('description')} />
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
