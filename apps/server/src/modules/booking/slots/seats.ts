import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, missing } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';
import { lockAndFoldSlots } from './tallies.ts';

// Seats and attendance counts of a slot change only here (and in the kiosk's check-ins), each in
// one conditional UPDATE after the slot's tallies are folded in (tallies.ts): the row lock
// serialises concurrent bookings of the same slot, and PostgreSQL re-checks the condition
// against the latest row, so a seat is taken only while one is free.

export const CLASS_FULL = 'This class is full';

/** Whether a booking in this status holds a seat (everything but a cancellation). */
export const holdsSeat = (status: string) => status !== 'cancelled';

export async function adjustSlot(
  tx: Tx,
  orgId: string,
  slotId: string,
  change: { seats?: number; attended?: number },
): Promise<{ attendedSlots: number; bookedCount: number }> {
  const seats = change.seats ?? 0;
  const attended = change.attended ?? 0;
  await lockAndFoldSlots(tx, orgId, [slotId]);
  const [row] = await rows<{ attended_slots: number; booked_count: number }>(
    tx,
    sql`update booking_slots
        set booked_count = greatest(0, booked_count + ${seats}::int),
            attended_slots = greatest(0, attended_slots + ${attended}::int), updated_at = now()
        where organization_id = ${orgId} and id = ${slotId} and deleted_at is null
          and (${seats}::int <= 0 or capacity is null or booked_count < capacity)
        returning attended_slots, booked_count`,
  );
  if (row) return { attendedSlots: row.attended_slots, bookedCount: row.booked_count };
  const [exists] = await rows<{ id: string }>(
    tx,
    sql`select id from booking_slots where organization_id = ${orgId} and id = ${slotId} and deleted_at is null`,
  );
  if (!exists) throw missing('Slot', 'bookingSlot');
  throw conflict(CLASS_FULL, 'bookingSlot');
}

/** The member's live booking in a slot, if any. */
export async function liveBookingIn(tx: Tx, orgId: string, slotId: string, contactId: string) {
  const [row] = await rows<{ id: string; status: string }>(
    tx,
    sql`select id, status from bookings
        where organization_id = ${orgId} and slot_id = ${slotId} and contact_id = ${contactId} and not is_deleted`,
  );
  return row;
}
