import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { CalendarSettingsAnswer } from '@opsuite/shared';
import { CALENDAR_VIEWS, calendarSettingsBody } from '@opsuite/shared/contracts/booking-settings';
import { CANCEL_CUTOFF_MAX_MINUTES } from '@opsuite/shared/rules/booking-cancellation';
import { plural } from '@opsuite/shared/rules/plural';
import { type FormEvent, useState } from 'react';
import { api } from '../../../app/api-client';
import { type FieldErrors, validate } from '../../../app/validate';
import { type Mutation, useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';

// The calendar settings the server accepts (PUT /calender-setting): week start, slot length,
// the visible day, the default view, the capacity new slots start with, how far ahead the
// public booking page offers slots and the members' cancellation cut-off. The time zone is the
// organisation's and is shown, not edited.

type SettingsBody = Omit<CalendarSettingsAnswer, 'timeZone'>;

const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SLOT_MINUTES = [5, 10, 15, 20, 30, 60];
const VIEW_LABELS: Record<(typeof CALENDAR_VIEWS)[number], string> = {
  dayGridMonth: 'Month',
  timeGridWeek: 'Week',
  timeGridDay: 'Day',
  listWeek: 'List',
};

export const saveCalendarSettings = (body: SettingsBody) =>
  api.put<Mutation<CalendarSettingsAnswer>>('/calender-setting', body);

export interface CalendarSettingsModalProps {
  opened: boolean;
  settings: CalendarSettingsAnswer | undefined;
  onClose: () => void;
}

export function CalendarSettingsModal({ opened, settings, onClose }: CalendarSettingsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Calendar settings"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {opened && settings && <SettingsForm settings={settings} onDone={onClose} />}
      {opened && !settings && <Text c="dimmed">The calendar settings could not be loaded.</Text>}
    </Modal>
  );
}

function SettingsForm({ settings, onDone }: { settings: CalendarSettingsAnswer; onDone: () => void }) {
  const { timeZone, ...initial } = settings;
  const [values, setValues] = useState<SettingsBody>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useBookingWrite(saveCalendarSettings, BOOKING_TEXT.settingsSaved);
  const set = <K extends keyof SettingsBody>(key: K, value: SettingsBody[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(calendarSettingsBody, values);
    setErrors(result.errors);
    if (!result.ok) return;
    save.mutate(values, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Week starts on"
            data={WEEK_DAYS.map((label, day) => ({ value: String(day), label }))}
            value={String(values.weekStart)}
            onChange={(value) => value !== null && set('weekStart', Number(value))}
            allowDeselect={false}
            error={errors.weekStart}
          />
          <Select
            label="Slot length"
            data={SLOT_MINUTES.map((n) => ({ value: String(n), label: plural(n, 'minute') }))}
            value={String(values.slotDurationMinutes)}
            onChange={(value) => value !== null && set('slotDurationMinutes', Number(value))}
            allowDeselect={false}
            error={errors.slotDurationMinutes}
          />
          <TextInput
            type="time"
            label="Day starts"
            value={values.dayStartTime}
            onChange={(event) => set('dayStartTime', event.currentTarget.value)}
            error={errors.dayStartTime}
          />
          <TextInput
            type="time"
            label="Day ends"
            value={values.dayEndTime}
            onChange={(event) => set('dayEndTime', event.currentTarget.value)}
            error={errors.dayEndTime}
          />
          <Select
            label="Default view"
            data={CALENDAR_VIEWS.map((view) => ({ value: view, label: VIEW_LABELS[view] }))}
            value={values.defaultView}
            onChange={(value) => value && set('defaultView', value as SettingsBody['defaultView'])}
            allowDeselect={false}
            error={errors.defaultView}
          />
          <NumberInput
            label="Default capacity"
            description="For new slots; empty means no limit"
            min={1}
            max={10_000}
            allowDecimal={false}
            value={values.defaultCapacity ?? ''}
            onChange={(value) => set('defaultCapacity', value === '' ? null : Number(value))}
            error={errors.defaultCapacity}
          />
          <NumberInput
            label="Public booking days"
            description="How many days ahead the booking page offers slots"
            min={1}
            max={365}
            allowDecimal={false}
            value={values.publicBookingDays}
            onChange={(value) => set('publicBookingDays', value === '' ? Number.NaN : Number(value))}
            error={errors.publicBookingDays}
          />
          <NumberInput
            label="Cancellation cut-off (minutes)"
            description="A member cancelling later than this before a class is marked late cancel; 0: free until it starts"
            min={0}
            max={CANCEL_CUTOFF_MAX_MINUTES}
            step={15}
            allowDecimal={false}
            value={values.cancelCutoffMinutes ?? 0}
            onChange={(value) => set('cancelCutoffMinutes', value === '' ? Number.NaN : Number(value))}
            error={errors.cancelCutoffMinutes}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Times in {timeZone} (the organisation's time zone)
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
