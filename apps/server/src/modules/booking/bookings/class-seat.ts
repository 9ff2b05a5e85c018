import { formatDayAt } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows, uniqueOr409 } from '../../../lib/sql.ts';
import { recordActivity } from '../../contacts/index.ts';
import { bookings } from '../booking.tables.ts';
import type { SlotRow } from '../queries.ts';
import { adjustSlot } from '../slots/seats.ts';
import { lockAndFoldSlots } from '../slots/tallies.ts';

// Taking a seat in a class for a member: a new booking, or their cancelled booking in the class
// booked again (one booking per member and class: the unique key counts cancelled ones too).
// The seat is taken by adjustSlot's conditional update, so a full class refuses with 409.

export const ALREADY_BOOKED = 'This member is already booked into this class';

export interface SeatActor {
  orgId: string;
  userId: string | null;
  source: string;
}

interface Existing {
  id: string;
  status: string;
}

export const classTitle = (slot: SlotRow) => `${slot.bt_title} on ${formatDayAt(slot.date, slot.start_time)}`;

async function existingBooking(tx: Tx, orgId: string, slotId: string, contactId: string) {
  const [row] = await rows<Existing>(
    tx,
    sql`select id, status from bookings
        where organization_id = ${orgId} and slot_id = ${slotId} and contact_id = ${contactId} and not is_deleted`,
  );
  return row;
}

/**
 * Books `contactId` into the class `slot` and answers the booking's id. A live booking already
 * there is a 409; a cancelled one is booked again, its late-cancel mark cleared. The class is
 * locked first: a booking moves in or out of `cancelled` only while its class is locked, so the
 * booking read next cannot change status under us.
 */
export async function takeSeat(
  tx: Tx,
  actor: SeatActor,
  slot: SlotRow,
  contactId: string,
  note?: string,
): Promise<string> {
  await lockAndFoldSlots(tx, actor.orgId, [slot.id]);
  const existing = await existingBooking(tx, actor.orgId, slot.id, contactId);
  if (existing && existing.status !== 'cancelled') throw conflict(ALREADY_BOOKED, 'bookingSlot');
  await adjustSlot(tx, actor.orgId, slot.id, { seats: 1 });
  let id: string;
  if (existing) {
    id = existing.id;
    await tx.execute(
      sql`update bookings set status = 'booked', late_cancel = false, cancelled_at = null, attend_date = null,
            source = ${actor.source}, updated_at = now()
          where organization_id = ${actor.orgId} and id = ${id}`,
    );
  } else {
    id = newId();
    await uniqueOr409('bookings_slot_contact_uq', 'bookingSlot', ALREADY_BOOKED, () =>
      tx.insert(bookings).values({
        organizationId: actor.orgId,
        id,
        contactId,
        slotId: slot.id,
        bookingTypeId: slot.bt_id,
        status: 'booked',
        type: slot.type,
        startDate: new Date(slot.starts_at),
        endDate: new Date(slot.ends_at),
        source: actor.source,
        createdBy: actor.userId,
      }),
    );
  }
  await recordActivity(tx, {
    organizationId: actor.orgId,
    contactId,
    kind: 'booking',
    title: `Booked ${classTitle(slot)}${note ? ` (${note})` : ''}`,
    data: { bookingId: id, slotId: slot.id },
    actorUserId: actor.userId,
  });
  return id;
}
