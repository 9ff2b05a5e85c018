import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import type { BookingCreateBody } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { addDaysToIsoDate, zonedIso } from '../../../app/zone-time';
import { ContactPicker, type PickerContact } from '../../contacts';
import { useBookingTypes, useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';
import { bookingCalls, slotCalls } from '../calendar.api';
import { DayTimeFields } from './day-time-fields';
import { slotLabel, useOpenSlots } from './reschedule-form';
import { SlotForm } from './slot-form';

/** Where a new booking or slot starts: the day and times picked in the calendar. */
export interface NewTimes {
  date: string;
  startTime: string;
  endTime: string;
}

interface ModalProps {
  initial: NewTimes | null;
  timeZone: string;
  onClose: () => void;
}

/** Books a member into an open slot or at a custom time ('Appointment booked!'). */
export function NewAppointmentModal({ initial, timeZone, onClose }: ModalProps) {
  return (
    <Modal
      opened={initial !== null}
      onClose={onClose}
      title="Book appointment"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {initial && <NewAppointmentForm initial={initial} timeZone={timeZone} onDone={onClose} />}
    </Modal>
  );
}

function NewAppointmentForm({
  initial,
  timeZone,
  onDone,
}: {
  initial: NewTimes;
  timeZone: string;
  onDone: () => void;
}) {
  const types = useBookingTypes();
  const create = useBookingWrite(bookingCalls.create, BOOKING_TEXT.appointmentBooked);
  const [member, setMember] = useState<PickerContact | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [mode, setMode] = useState<'slot' | 'time'>('time');
  const [slotId, setSlotId] = useState<string | null>(null);
  const [times, setTimes] = useState(initial);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const slots = useOpenSlots(mode === 'slot' ? typeId : null, timeZone);
  const chosenType = types.data?.find((t) => t._id === typeId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!member) found.member = 'Please select a contact';
    if (!typeId) found.type = 'Choose a booking type';
    if (mode === 'slot' && !slotId) found.slot = 'Choose a slot';
    if (mode === 'time' && (!times.date || !times.startTime || !times.endTime))
      found.time = 'Enter the day and times';
    setErrors(found);
    if (Object.keys(found).length > 0 || !member || !typeId) return;
    let body: BookingCreateBody;
    if (mode === 'slot' && slotId) {
      body = { invitedUser: member._id, bookingSlot: slotId, status: 'booked', notes: notes || undefined };
    } else {
      const startDate = zonedIso(times.date, times.startTime, timeZone);
      let endDate = zonedIso(times.date, times.endTime, timeZone);
      if (endDate <= startDate) endDate = zonedIso(addDaysToIsoDate(times.date, 1), times.endTime, timeZone);
      body = {
        invitedUser: member._id,
        bookingType: typeId,
        type: chosenType?.kind ?? 'other',
        status: 'booked',
        startDate,
        endDate,
      };
      if (notes) body.notes = notes;
    }
    create.mutate(body, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Book appointment">
      <Stack>
        <ContactPicker label="Member" required value={member} onChange={setMember} error={errors.member} />
        <Select
          label="Booking type"
          required
          searchable
          data={(types.data ?? []).map((t) => ({ value: t._id, label: t.title }))}
          value={typeId}
          onChange={(id) => {
            setTypeId(id);
            setSlotId(null);
          }}
          error={errors.type}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl
          aria-label="When"
          value={mode}
          onChange={(next) => setMode(next as 'slot' | 'time')}
          data={[
            { value: 'time', label: 'Custom time' },
            { value: 'slot', label: 'Open slot' },
          ]}
        />
        {mode === 'slot' ? (
          <Select
            label="Slot"
            placeholder={typeId ? 'Choose a slot' : 'Choose a booking type first'}
            data={slots.list.map((s) => ({ value: s._id, label: slotLabel(s) }))}
            value={slotId}
            onChange={setSlotId}
            error={errors.slot}
            disabled={!typeId}
            nothingFoundMessage="No open slots"
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <DayTimeFields value={times} onChange={setTimes} error={errors.time} />
        )}
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Book
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A one-off slot (classes that repeat weekly come from a class schedule). */
export function NewSlotModal({ initial, onClose }: Omit<ModalProps, 'timeZone'>) {
  const create = useBookingWrite(slotCalls.create, 'Slot created');
  return (
    <Modal
      opened={initial !== null}
      onClose={onClose}
      title="Add slot"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {initial && (
        <SlotForm
          initial={{ bookingTypeId: '', capacity: '', type: 'class', ...initial }}
          submitLabel="Add slot"
          submitting={create.isPending}
          onSubmit={(body) => create.mutate(body, { onSuccess: onClose })}
        />
      )}
    </Modal>
  );
}
