import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { BookingRecord } from '@opsuite/shared';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatInstant, formatSlotTime, zonedParts } from '../../../app/zone-time';
import { UserAvatar } from '../../../components/avatar';
import { useBookingWrite } from '../booking.api';
import { BOOKING_TEXT, STATUS_LABELS } from '../booking-messages';
import { type BookingStatus, bookingCalls, useBookingRecord } from '../calendar.api';
import { RescheduleForm } from './reschedule-form';
import { confirmDelete } from './setup-list';

export interface AppointmentDrawerProps {
  bookingId: string | null;
  timeZone: string;
  canUpdate: boolean;
  canDelete: boolean;
  onClose: () => void;
}

function StatusForm({ booking, disabled }: { booking: BookingRecord; disabled: boolean }) {
  const update = useBookingWrite(bookingCalls.update, BOOKING_TEXT.appointmentUpdated);
  const [status, setStatus] = useState<BookingStatus>(booking.status);
  const [notes, setNotes] = useState(booking.notes ?? '');
  const save = () =>
    update.mutate({
      id: booking._id,
      body: {
        status,
        notes,
        attendDate: status === 'completed' ? (booking.attendDate ?? new Date().toISOString()) : null,
      },
    });
  return (
    <Stack gap="xs">
      <Select
        label="Status"
        disabled={disabled}
        data={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
        value={status}
        onChange={(next) => next && setStatus(next as BookingStatus)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Notes"
        disabled={disabled}
        autosize
        minRows={2}
        maxLength={2000}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      {!disabled && (
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** An appointment: who, what and when; status and notes; reschedule; delete. */
export function AppointmentDrawer({
  bookingId,
  timeZone,
  canUpdate,
  canDelete,
  onClose,
}: AppointmentDrawerProps) {
  const isPhone = useIsPhone();
  const record = useBookingRecord(bookingId);
  const remove = useBookingWrite(bookingCalls.remove, BOOKING_TEXT.appointmentDeleted);
  const booking = record.data;
  const name = booking?.contact?.fullName ?? 'Unknown contact';

  return (
    <Drawer
      opened={bookingId !== null}
      onClose={onClose}
      position={isPhone ? 'bottom' : 'right'}
      size={isPhone ? '92%' : 'md'}
      title="Appointment"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {record.isPending && <Skeleton h={200} />}
      {record.isError && <Alert color="red">This appointment could not be loaded.</Alert>}
      {booking && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <UserAvatar name={name} src={booking.contact?.photo} size={48} />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate>
                {name}
              </Text>
              {booking.contact?.email && (
                <Text size="sm" c="dimmed" truncate>
                  {booking.contact.email}
                </Text>
              )}
              {booking.contact?.phone && (
                <Text size="sm" c="dimmed">
                  {formatPhoneDisplay(booking.contact.phone)}
                </Text>
              )}
            </Stack>
          </Group>
          <Stack gap={2}>
            <Text fw={600}>{booking.bookingTypeTitle}</Text>
            <Text size="sm">
              {formatInstant(booking.startDate, timeZone)} –{' '}
              {formatSlotTime(zonedParts(booking.endDate, timeZone).time)}
            </Text>
            {booking.status === 'completed' && (
              <Text size="sm" c="teal">
                Checked in {formatInstant(booking.attendDate, timeZone)}
              </Text>
            )}
          </Stack>
          <StatusForm key={`${booking._id}:${booking.updatedAt}`} booking={booking} disabled={!canUpdate} />
          {canUpdate && (
            <>
              <Divider label="Reschedule" labelPosition="left" />
              <RescheduleForm key={booking.updatedAt} booking={booking} timeZone={timeZone} />
            </>
          )}
          {canDelete && (
            <>
              <Divider />
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() =>
                  confirmDelete('this appointment', 'It is removed from the calendar.', () =>
                    remove.mutate(booking._id, { onSuccess: onClose }),
                  )
                }
              >
                Delete appointment
              </Button>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
