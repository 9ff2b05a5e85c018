import { Alert, Badge, Button, Divider, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { AdminSlot, CalendarItem } from '@opsuite/shared';
import { clampAttended } from '@opsuite/shared/rules/kiosk';
import { isOwnerType, isStaffType } from '@opsuite/shared/rules/permissions';
import { plural } from '@opsuite/shared/rules/plural';
import { IconTrash } from '@tabler/icons-react';
import { useSession } from '../../../app/auth-store';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDayLabel, formatTimeRange, zonedParts } from '../../../app/zone-time';
import { useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';
import { slotCalls, useSlots } from '../calendar.api';
import { confirmDelete } from './setup-list';
import { SlotAttendees } from './slot-attendees';
import { SlotForm } from './slot-form';

export interface SlotDrawerProps {
  /** The class item clicked in the calendar; null closes the drawer. */
  item: CalendarItem | null;
  timeZone: string;
  /** Edit the class slot (time, capacity): the calendar update permission. */
  canUpdate: boolean;
  /** Delete the class slot: the calendar delete permission. */
  canDelete: boolean;
  canBook: boolean;
  /** Delete an attendee's booking: the booking delete permission. */
  canDeleteBookings: boolean;
  onClose: () => void;
}

function SlotSummary({ slot }: { slot: AdminSlot }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="lg">
        {slot.bookingType.title}
      </Text>
      {slot.bookingType.program && (
        <Text size="sm" c="dimmed">
          {slot.bookingType.program.name}
        </Text>
      )}
      <Text size="sm">
        {formatDayLabel(slot.date, { year: 'numeric' })} · {formatTimeRange(slot.startTime, slot.endTime)}
      </Text>
      <Group gap="xs">
        <Badge variant="light">
          {slot.capacity ? `${slot.bookedCount}/${slot.capacity} booked` : `${slot.bookedCount} booked`}
        </Badge>
        <Badge variant="light" color="teal" data-testid="slot-attended">
          {clampAttended(slot.attendedSlots)} attended
        </Badge>
        {slot.remaining !== null && (
          <Badge variant="light" color={slot.remaining > 0 ? 'gray' : 'orange'}>
            {slot.remaining > 0 ? `${plural(slot.remaining, 'seat')} left` : 'Full'}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** A class slot: its details, editing ('Slot updated'), deleting ('Slot deleted') and attendees. */
export function SlotDrawer({
  item,
  timeZone,
  canUpdate,
  canDelete,
  canBook,
  canDeleteBookings,
  onClose,
}: SlotDrawerProps) {
  const isPhone = useIsPhone();
  const session = useSession();
  // Owners take attendance for every class, an employee for the classes they teach (the server
  // holds the same rule).
  const canAttend = (slot: AdminSlot) => {
    const user = session?.userData;
    if (!user) return false;
    if (isOwnerType(user.userType)) return true;
    return (
      isStaffType(user.userType) &&
      Boolean(user.curRole.contactId) &&
      slot.instructor?._id === user.curRole.contactId
    );
  };
  const day = item ? zonedParts(item.start, timeZone).date : null;
  const slots = useSlots(day ? { startDate: day, endDate: day } : null);
  const slot = slots.data?.find((s) => s._id === item?.sourceId) ?? null;
  const update = useBookingWrite(slotCalls.update, BOOKING_TEXT.slotUpdated);
  const remove = useBookingWrite(slotCalls.remove, BOOKING_TEXT.slotDeleted);

  const deleteButton = canDelete && slot && (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={16} />}
      onClick={() =>
        confirmDelete('this slot', 'Its bookings are cancelled.', () =>
          remove.mutate(slot._id, { onSuccess: onClose }),
        )
      }
    >
      Delete slot
    </Button>
  );

  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position={isPhone ? 'bottom' : 'right'}
      size={isPhone ? '92%' : 'lg'}
      title="Class slot"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {slots.isPending && <Skeleton h={200} />}
      {slots.isSuccess && !slot && <Alert color="orange">This slot no longer exists.</Alert>}
      {slot && (
        <Stack gap="md">
          <SlotSummary slot={slot} />
          {/* An instructor taking attendance sees the class, not a form to edit it. */}
          {canUpdate ? (
            <>
              <Divider label="Edit slot" labelPosition="left" />
              <SlotForm
                key={`${slot._id}:${slot.date}:${slot.startTime}:${slot.endTime}:${slot.capacity}`}
                initial={{
                  bookingTypeId: slot.bookingType._id,
                  date: slot.date,
                  startTime: slot.startTime,
                  endTime: slot.endTime,
                  capacity: slot.capacity ?? '',
                  type: slot.type,
                }}
                submitLabel="Save slot"
                submitting={update.isPending}
                onSubmit={(body) => update.mutate({ id: slot._id, body })}
                extra={deleteButton}
              />
            </>
          ) : (
            deleteButton
          )}
          <Divider />
          <SlotAttendees
            slot={slot}
            timeZone={timeZone}
            canWrite={canBook}
            canDelete={canDeleteBookings}
            canAttend={canAttend(slot)}
          />
        </Stack>
      )}
    </Drawer>
  );
}
