import type { BookingStatus } from './calendar.api';

// What the attendee menu offers for a booking (issue 17): only what the server then allows, so no
// menu item ends in a 409 (a checked-in booking cannot be rescheduled or cancelled; undo first).

export type AttendeeAction = 'check-in' | 'mark-booked' | 'no-show' | 'cancel' | 'move' | 'delete';

export interface AttendeeRights {
  /** Book, cancel and move bookings (booking write). */
  manage: boolean;
  /** Delete bookings (booking delete, which an employee's default role lacks). */
  remove?: boolean;
  /** Take attendance: staff with booking update, or the class's instructor. */
  attend: boolean;
}

const BY_STATUS: Record<BookingStatus, readonly AttendeeAction[]> = {
  booked: ['check-in', 'no-show', 'cancel', 'move', 'delete'],
  completed: ['mark-booked', 'delete'],
  no_show: ['check-in', 'mark-booked', 'delete'],
  cancelled: ['mark-booked', 'delete'],
};

const ATTENDANCE: ReadonlySet<AttendeeAction> = new Set(['check-in', 'mark-booked', 'no-show']);

export function attendeeActions(status: string, rights: AttendeeRights, full: boolean): AttendeeAction[] {
  const actions = BY_STATUS[status as BookingStatus] ?? [];
  return actions.filter((action) => {
    // Booking a cancelled member again takes a seat: not in a full class, and not attendance.
    if (status === 'cancelled' && action === 'mark-booked') return rights.manage && !full;
    if (action === 'delete') return rights.manage && (rights.remove ?? rights.manage);
    return ATTENDANCE.has(action) ? rights.attend : rights.manage;
  });
}
