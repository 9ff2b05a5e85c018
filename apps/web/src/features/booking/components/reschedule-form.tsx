import { Button, Group, Select, Stack } from '@mantine/core';
import type { AdminSlot, BookingRecord } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import {
  addDaysToIsoDate,
  formatDayLabel,
  formatTimeRange,
  todayInZone,
  zonedIso,
  zonedParts,
} from '../../../app/zone-time';
import { useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';
import { bookingCalls, useSlots } from '../calendar.api';
import { DayTimeFields } from './day-time-fields';

/** How far ahead the slot pickers look (the slot list allows at most 92 days). */
export const SLOT_LOOKAHEAD_DAYS = 60;

export function slotLabel(slot: AdminSlot): string {
  const seats = slot.remaining === null ? '' : ` (${slot.remaining} left)`;
  return `${formatDayLabel(slot.date)} · ${formatTimeRange(slot.startTime, slot.endTime)}${seats}`;
}

/** Upcoming slots of one booking type that still have a seat, soonest first. */
export function useOpenSlots(bookingTypeId: string | null, timeZone: string, excludeId?: string | null) {
  const today = todayInZone(timeZone);
  const slots = useSlots(
    bookingTypeId
      ? { startDate: today, endDate: addDaysToIsoDate(today, SLOT_LOOKAHEAD_DAYS), bookingTypeId }
      : null,
  );
  const now = Date.now();
  const list = (slots.data ?? [])
    .filter((s) => s._id !== excludeId && s.remaining !== 0 && Date.parse(s.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return { ...slots, list };
}

export interface RescheduleFormProps {
  booking: BookingRecord;
  timeZone: string;
  onDone?: () => void;
}

/** Moves a booking to another slot of its type, or a slot-less appointment to a new time. */
export function RescheduleForm({ booking, timeZone, onDone }: RescheduleFormProps) {
  const reschedule = useBookingWrite(bookingCalls.reschedule, BOOKING_TEXT.appointmentRescheduled);
  const slots = useOpenSlots(booking.bookingSlot ? booking.bookingType : null, timeZone, booking.bookingSlot);
  const start = zonedParts(booking.startDate, timeZone);
  const end = zonedParts(booking.endDate, timeZone);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [date, setDate] = useState(start.date);
  const [startTime, setStartTime] = useState(start.time);
  const [endTime, setEndTime] = useState(end.time);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = { onSuccess: () => onDone?.() };
    if (booking.bookingSlot) {
      if (!slotId) return setError('Choose the new slot');
      setError(null);
      return reschedule.mutate({ id: booking._id, body: { bookingSlot: slotId } }, done);
    }
    if (!date || !startTime || !endTime) return setError('Enter the new day and times');
    const startDate = zonedIso(date, startTime, timeZone);
    let endDate = zonedIso(date, endTime, timeZone);
    if (endDate <= startDate) endDate = zonedIso(addDaysToIsoDate(date, 1), endTime, timeZone);
    setError(null);
    reschedule.mutate({ id: booking._id, body: { startDate, endDate } }, done);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Reschedule">
      <Stack gap="xs">
        {booking.bookingSlot ? (
          <Select
            label="Move to slot"
            placeholder={slots.isPending ? 'Loading slots…' : 'Choose a slot'}
            data={slots.list.map((s) => ({ value: s._id, label: slotLabel(s) }))}
            value={slotId}
            onChange={setSlotId}
            error={error}
            nothingFoundMessage="No other open slots"
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <DayTimeFields
            value={{ date, startTime, endTime }}
            onChange={(next) => {
              setDate(next.date);
              setStartTime(next.startTime);
              setEndTime(next.endTime);
            }}
            error={error}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={reschedule.isPending}>
            Reschedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
