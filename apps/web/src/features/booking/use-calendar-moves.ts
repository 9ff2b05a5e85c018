import type { EventApi } from '@fullcalendar/core';
import type { CalendarItem } from '@opsuite/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../app/toast';
import { zonedParts } from '../../app/zone-time';
import { useReloadBooking } from './booking.api';
import { BOOKING_TEXT } from './booking-messages';
import { bookingCalls, fetchBooking, fetchSlots, slotCalls } from './calendar.api';

// Drag-and-drop in the calendar: a class moves (or stretches) its slot ('Slot updated'); an
// appointment moves to the slot of its booking type that starts there, or, without a slot, to the
// new time ('Appointment rescheduled'). A refused move snaps the event back.

export const NO_SLOT_THERE = 'No slot of this booking type starts at that time';

export interface MoveArg {
  event: EventApi;
  revert: () => void;
}

class MoveRefused extends Error {}

async function moveItem(item: CalendarItem, start: Date, end: Date, timeZone: string): Promise<string> {
  const from = zonedParts(start, timeZone);
  const to = zonedParts(end, timeZone);
  if (item.kind === 'class') {
    await slotCalls.update({
      id: item.sourceId,
      body: { date: from.date, startTime: from.time, endTime: to.time },
    });
    return BOOKING_TEXT.slotUpdated;
  }
  const booking = await fetchBooking(item.sourceId);
  if (booking.bookingSlot) {
    const slots = await fetchSlots({
      startDate: from.date,
      endDate: from.date,
      bookingTypeId: booking.bookingType,
    });
    const target = slots.find(
      (s) => Date.parse(s.startsAt) === start.getTime() && s._id !== booking.bookingSlot,
    );
    if (!target) throw new MoveRefused(NO_SLOT_THERE);
    await bookingCalls.reschedule({ id: booking._id, body: { bookingSlot: target._id } });
  } else {
    await bookingCalls.reschedule({
      id: booking._id,
      body: { startDate: start.toISOString(), endDate: end.toISOString() },
    });
  }
  return BOOKING_TEXT.appointmentRescheduled;
}

export function useCalendarMoves(timeZone: string) {
  const reload = useReloadBooking();
  const move = useMutation({
    mutationFn: ({ item, start, end }: { item: CalendarItem; start: Date; end: Date }) =>
      moveItem(item, start, end, timeZone),
    meta: { errorToast: false },
  });

  return (arg: MoveArg) => {
    const item = arg.event.extendedProps.item as CalendarItem | undefined;
    const start = arg.event.start;
    if (!item || item.kind === 'event' || !start) return arg.revert();
    const length = Date.parse(item.end) - Date.parse(item.start);
    const end = arg.event.end ?? new Date(start.getTime() + length);
    move.mutate(
      { item, start, end },
      {
        onSuccess: (message) => {
          toast.success(message);
          void reload();
        },
        onError: (error) => {
          arg.revert();
          if (error instanceof MoveRefused) toast.error(error.message);
          else toast.apiError(error);
        },
      },
    );
  };
}
