import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { AdminSlot, BookingRecord } from '@opsuite/shared';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
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
import { type AttendeeAction, attendeeActions } from '../attendee-actions';
import { useAttendanceWrite, useBookingWrite } from '../booking.api';
import { BOOKING_TEXT, STATUS_COLORS, STATUS_LABELS } from '../booking-messages';
import { type BookingStatus, bookingCalls, useSlotBookings } from '../calendar.api';
import { useCheckInRules } from '../check-in-rules.api';
import { MembershipBadge } from './membership-badge';
import { RescheduleForm } from './reschedule-form';
import { confirmDelete } from './setup-list';

export interface SlotAttendeesProps {
  slot: AdminSlot;
  timeZone: string;
  /** Book, cancel and move bookings. */
  canWrite: boolean;
  /** Delete bookings. */
  canDelete?: boolean;
  /** Take attendance (an owner, or the class's instructor). */
  canAttend: boolean;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="attendee-status">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

const ACTION_ITEMS: Record<AttendeeAction, { label: string; icon: typeof IconDots }> = {
  'check-in': { label: 'Mark checked in', icon: IconCircleCheck },
  'mark-booked': { label: 'Mark booked', icon: IconRotate },
  'no-show': { label: 'Mark no show', icon: IconUserOff },
  cancel: { label: 'Cancel booking', icon: IconX },
  move: { label: 'Move to another slot', icon: IconArrowsExchange },
  delete: { label: 'Delete', icon: IconTrash },
};

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

/** Who is booked into a slot and their status; completed means checked in. */
export function SlotAttendees({
  slot,
  timeZone,
  canWrite,
  canDelete = false,
  canAttend,
}: SlotAttendeesProps) {
  const bookings = useSlotBookings(slot._id);
  // The membership rule, to say what a past-due or frozen member meets at check-in.
  const rule = useCheckInRules().data?.membership;
  const text = attendeeMessages(slot.type);
  const create = useBookingWrite(bookingCalls.create, text.created);
  const update = useBookingWrite(bookingCalls.update, text.updated);
  const attendance = useAttendanceWrite(bookingCalls.attendance);
  const remove = useBookingWrite(bookingCalls.remove, text.deleted);
  const [member, setMember] = useState<PickerContact | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const list = (bookings.data ?? []).filter((b) => !b.isDeleted);
  const full = slot.remaining !== null && slot.remaining <= 0;

  const rights = { manage: canWrite, remove: canDelete, attend: canAttend };
  const run = (booking: BookingRecord, action: AttendeeAction, name: string) => {
    if (action === 'check-in') attendance.mutate({ id: booking._id, status: 'completed' });
    else if (action === 'no-show') attendance.mutate({ id: booking._id, status: 'no_show' });
    else if (action === 'mark-booked') {
      // Undoing a check-in (or a no-show) is attendance; booking a cancelled member again is not.
      if (booking.status === 'cancelled') setStatus(booking, 'booked');
      else attendance.mutate({ id: booking._id, status: 'booked' });
    } else if (action === 'cancel') setStatus(booking, 'cancelled');
    else if (action === 'move') setMoving(booking._id);
    else
      confirmDelete(`${name}'s booking`, 'The booking is removed from this class.', () =>
        remove.mutate(booking._id),
      );
  };
  const setStatus = (booking: BookingRecord, status: BookingStatus) =>
    update.mutate({ id: booking._id, body: { status } });
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
        const actions = attendeeActions(booking.status, rights, full);
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
                      : (booking.contact?.email ?? formatPhoneDisplay(booking.contact?.phone))}
                  </Text>
                  {booking.contact?.membershipStatus && (
                    <MembershipBadge status={booking.contact.membershipStatus} rule={rule} />
                  )}
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <StatusBadge status={booking.status} />
                {booking.status === 'cancelled' && booking.lateCancel && (
                  <Badge color="orange" variant="light" data-testid="attendee-late-cancel">
                    Late cancel
                  </Badge>
                )}
                {actions.length > 0 && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {actions.map((action) => {
                        const { label, icon: Icon } = ACTION_ITEMS[action];
                        return (
                          <Menu.Item
                            key={action}
                            color={action === 'delete' ? 'red' : undefined}
                            leftSection={<Icon size={16} />}
                            onClick={() => run(booking, action, name)}
                          >
                            {label}
                          </Menu.Item>
                        );
                      })}
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
