import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../lib/sql.ts';
import { type ContactHooks, inMergeSet, type MergeSet, mergeRank, ofDuplicates } from '../contacts/index.ts';
import { lockAndFoldSlots } from './slots/tallies.ts';

// Booking's part of a contact merge (the contacts module's lifecycle hooks): the kept contact
// takes the duplicates' bookings, one per class slot.

/**
 * Two live bookings of the merged contacts in one class slot become one: a completed booking is
 * kept before a booked one, a booked one before a no-show or cancellation, then the better-ranked
 * contact's. The others are soft-deleted (as deleting a booking does) and give back their seat
 * and attendance in the slot's counts.
 */
async function settleSlotBookings(tx: Tx, set: MergeSet) {
  // The slots' kiosk tallies go into their rows first, so that the counts below subtract from
  // whole counts (slots/tallies.ts).
  const slots = await rows<{ slot_id: string }>(
    tx,
    sql`select distinct slot_id from bookings
        where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)} and slot_id is not null
          and not is_deleted`,
  );
  await lockAndFoldSlots(
    tx,
    set.orgId,
    slots.map((r) => r.slot_id),
  );
  await tx.execute(sql`with ranked as (
      select id, row_number() over (
        partition by slot_id
        order by (status = 'completed') desc, (status = 'booked') desc, (status <> 'cancelled') desc,
          ${mergeRank(set, sql`contact_id`)}, created_at, id) as rn
      from bookings
      where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)}
        and slot_id is not null and not is_deleted
    ), dropped as (
      update bookings b set is_deleted = true, updated_at = now()
      from ranked r where b.organization_id = ${set.orgId} and b.id = r.id and r.rn > 1
      returning b.slot_id, b.status
    )
    update booking_slots s
    set booked_count = greatest(0, s.booked_count - d.seats),
        attended_slots = greatest(0, s.attended_slots - d.attended), updated_at = now()
    from (
      select slot_id, count(*) filter (where status <> 'cancelled')::int as seats,
             count(*) filter (where status = 'completed')::int as attended
      from dropped group by slot_id
    ) d
    where s.organization_id = ${set.orgId} and s.id = d.slot_id`);
}

export const bookingHooks: ContactHooks = {
  tables: { bookings: ['contact_id'] },
  uniqueKeys: {
    'bookings.bookings_slot_contact_uq': 'one booking per class slot, a completed one first',
  },
  async merge(tx, set) {
    await settleSlotBookings(tx, set);
    await tx.execute(sql`update bookings set contact_id = ${set.primaryId}
      where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`contact_id`)}`);
  },
};
