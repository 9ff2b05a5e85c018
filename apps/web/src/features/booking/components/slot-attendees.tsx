import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { AdminSlot, BookingRecord } from '@opsuite/shared';
import {
  IconArrowsExchange,
  IconCircleCheck,
  IconDots,
  IconRotate,
  IconTrash,
  IconUserOff,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatInstant } from '../../../app/zone-time';
import { UserAvatar } from '../../../components/avatar';
import { ContactPicker, type PickerContact } from '../../contacts';
import { useBookingWrite } from '../booking.api';
import { BOOKING_TEXT, STATUS_COLORS, STATUS_LABELS } from '../booking-messages';
import { type BookingStatus, bookingCalls, useSlotBookings } from '../calendar.api';
import { RescheduleForm } from './reschedule-form';
import { confirmDelete } from './setup-list';

export interface SlotAttendeesProps {
  slot: AdminSlot;
  timeZone: string;
  canWrite: boolean;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="attendee-status">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** A booking into a class slot is a class booking (Booking created); other slots hold appointments. */
export function attendeeMessages(slotType: AdminSlot['type']) {
  return slotType === 'class'
    ? { created: BOOKING_TEXT.created, updated: BOOKING_TEXT.updated, deleted: BOOKING_TEXT.deleted }
    : {
        created: BOOKING_TEXT.appointmentBooked,
        updated: BOOKING_TEXT.appointmentUpdated,
        deleted: BOOKING_TEXT.appointmentDeleted,
      };
}

/** Who is booked into a slot and their status; completed means checked in (core §4). */
export function SlotAttendees({ slot, timeZone, canWrite }: SlotAttendeesProps) {
  const bookings = useSlotBookings(slot._id);
  const text = attendeeMessages(slot.type);
  const create = useBookingWrite(bookingCalls.create, text.created);
  const update = useBookingWrite(bookingCalls.update, text.updated);
  const remove = useBookingWrite(bookingCalls.remove, text.deleted);
  const [member, setMember] = useState<PickerContact | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const list = (bookings.data ?? []).filter((b) => !b.isDeleted);
  const full = slot.remaining !== null && slot.remaining <= 0;

  const setStatus = (booking: BookingRecord, status: BookingStatus) =>
    update.mutate({
      id: booking._id,
      body: { status, attendDate: status === 'completed' ? new Date().toISOString() : null },
    });
  const book = () => {
    if (!member) return;
    create.mutate(
      { invitedUser: member._id, bookingSlot: slot._id, type: slot.type, status: 'booked' },
      { onSuccess: () => setMember(null) },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>Attendees</Text>
        <Text size="sm" c="dimmed" data-testid="slot-counts">
          {list.length} booked · {list.filter((b) => b.status === 'completed').length} checked in
        </Text>
      </Group>
      {canWrite && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <ContactPicker
              label="Book a member"
              value={member}
              onChange={setMember}
              placeholder="Select a member"
            />
          </div>
          <Button onClick={book} disabled={!member || full} loading={create.isPending}>
            Book
          </Button>
        </Group>
      )}
      {full && (
        <Text size="sm" c="orange">
          This class is full.
        </Text>
      )}
      {bookings.isPending && <Skeleton h={60} />}
      {bookings.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          Nobody is booked yet.
        </Text>
      )}
      {list.map((booking) => {
        const name = booking.contact?.fullName ?? 'Unknown contact';
        return (
          <Paper key={booking._id} withBorder p="xs" radius="md" data-testid="attendee-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <UserAvatar name={name} src={booking.contact?.photo} size={32} />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {booking.status === 'completed'
                      ? `Checked in ${formatInstant(booking.attendDate, timeZone)}`
                      : (booking.contact?.email ?? booking.contact?.phone ?? '')}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <StatusBadge status={booking.status} />
                {booking.status === 'cancelled' && booking.lateCancel && (
                  <Badge color="orange" variant="light" data-testid="attendee-late-cancel">
                    Late cancel
                  </Badge>
                )}
                {canWrite && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconCircleCheck size={16} />}
                        onClick={() => setStatus(booking, 'completed')}
                      >
                        Mark checked in
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconRotate size={16} />}
                        onClick={() => setStatus(booking, 'booked')}
                      >
                        Mark booked
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconUserOff size={16} />}
                        onClick={() => setStatus(booking, 'no_show')}
                      >
                        Mark no show
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconX size={16} />}
                        onClick={() => setStatus(booking, 'cancelled')}
                      >
                        Cancel booking
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconArrowsExchange size={16} />}
                        onClick={() => setMoving(booking._id)}
                      >
                        Move to another slot
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() =>
                          confirmDelete(`${name}'s booking`, 'The booking is removed from this class.', () =>
                            remove.mutate(booking._id),
                          )
                        }
                      >
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
            </Group>
            {moving === booking._id && (
              <Paper mt="xs" p="xs" bg="var(--mantine-color-default-hover)">
                <RescheduleForm booking={booking} timeZone={timeZone} onDone={() => setMoving(null)} />
              </Paper>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
