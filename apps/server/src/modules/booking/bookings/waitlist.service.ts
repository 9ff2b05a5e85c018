import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { loadSlot } from '../queries.ts';
import { lockAndFoldSlots, lockSlotsInOrder } from '../slots/tallies.ts';
import { type SeatActor, takeSeat } from './class-seat.ts';
import { bookingWaitlist } from './waitlist.tables.ts';

// The waitlist of a full class. Every change to a class's line happens while the class row is
// locked (joining, leaving and promoting all lock it first), the same lock every seat change
// takes, so "is the class full?" and "who is first?" are answered on the latest state, two freed
// seats always go to two different people, and nobody who left is booked.

export const NOT_FULL = 'This class has free seats: book it instead';
export const ALREADY_WAITING = 'You are already on the waitlist for this class';
export const STARTED = 'This class has already started';
export const BOOKED_ALREADY = 'You are already booked into this class';

export interface WaitPlace {
  slotId: string;
  position: number;
  length: number;
}

/** The member's place in the class's line, or null when they are not waiting. */
export async function waitPlace(tx: Tx, orgId: string, slotId: string, contactId: string) {
  const [row] = await rows<{ position: number; length: number }>(
    tx,
    sql`select
          (select count(*)::int from booking_waitlist o
            where o.organization_id = w.organization_id and o.slot_id = w.slot_id and o.status = 'waiting'
              and (o.joined_at, o.id) <= (w.joined_at, w.id)) as position,
          (select count(*)::int from booking_waitlist o
            where o.organization_id = w.organization_id and o.slot_id = w.slot_id and o.status = 'waiting') as length
        from booking_waitlist w
        where w.organization_id = ${orgId} and w.slot_id = ${slotId} and w.contact_id = ${contactId}
          and w.status = 'waiting'`,
  );
  return row ? { slotId, position: row.position, length: row.length } : null;
}

/**
 * The place in line a join takes: now, and always after everyone already in this class's line.
 * The clock alone can repeat (PGlite's has millisecond steps) and ids made in the same
 * millisecond are not in order; joins of one class hold its lock, so this is strictly increasing.
 */
export const joinedNow = (orgId: string, slotId: string) =>
  sql`greatest(clock_timestamp(), (select max(joined_at) + interval '1 microsecond' from booking_waitlist
    where organization_id = ${orgId} and slot_id = ${slotId}))`;

/** Joins the line of a full class that has not started. */
export async function joinWaitlist(
  tx: Tx,
  orgId: string,
  slotId: string,
  contactId: string,
): Promise<WaitPlace> {
  await lockAndFoldSlots(tx, orgId, [slotId]);
  const slot = await loadSlot(tx, orgId, slotId);
  if (slot?.type !== 'class') throw missing('Class', 'slotId');
  if (Date.parse(slot.starts_at) <= Date.now()) throw conflict(STARTED, 'slotId');
  const [mine] = await rows<{ status: string }>(
    tx,
    sql`select status from bookings where organization_id = ${orgId} and slot_id = ${slotId}
          and contact_id = ${contactId} and not is_deleted and status <> 'cancelled'`,
  );
  if (mine) throw conflict(BOOKED_ALREADY, 'slotId');
  if (slot.capacity === null || slot.booked_count < slot.capacity) throw conflict(NOT_FULL, 'slotId');
  const joined = await tx
    .insert(bookingWaitlist)
    .values({ organizationId: orgId, id: newId(), slotId, contactId, joinedAt: joinedNow(orgId, slotId) })
    .onConflictDoNothing()
    .returning({ id: bookingWaitlist.id });
  if (joined.length === 0) throw conflict(ALREADY_WAITING, 'slotId');
  return (await waitPlace(tx, orgId, slotId, contactId))!;
}

/** Leaves the line; answers whether the member was in it. */
export async function leaveWaitlist(tx: Tx, orgId: string, slotId: string, contactId: string) {
  await lockSlotsInOrder(tx, orgId, [slotId]);
  const left = await rows<{ id: string }>(
    tx,
    sql`update booking_waitlist set status = 'left', left_at = now()
        where organization_id = ${orgId} and slot_id = ${slotId} and contact_id = ${contactId}
          and status = 'waiting'
        returning id`,
  );
  return left.length > 0;
}

export interface Promotion {
  entryId: string;
  contactId: string;
  bookingId: string;
}

const close = (tx: Tx, orgId: string, id: string) =>
  tx.execute(sql`update booking_waitlist set status = 'left', left_at = now()
    where organization_id = ${orgId} and id = ${id}`);

/**
 * Books the first in line into every free seat of the class, in the caller's transaction (the
 * one that freed the seat: a cancellation, a deletion, a move to another class, a capacity
 * raised). Nothing moves once the class has started. A member who meanwhile holds a booking in
 * the class, or whose contact is gone, leaves the line instead. The e-mail goes out after commit
 * (waitlist-notifier.ts reads promoted entries).
 */
export async function fillFromWaitlist(
  tx: Tx,
  actor: Omit<SeatActor, 'source'>,
  slotId: string,
): Promise<Promotion[]> {
  const promoted: Promotion[] = [];
  await lockAndFoldSlots(tx, actor.orgId, [slotId]);
  for (;;) {
    const slot = await loadSlot(tx, actor.orgId, slotId);
    if (!slot || Date.parse(slot.starts_at) <= Date.now()) break;
    if (slot.capacity !== null && slot.booked_count >= slot.capacity) break;
    const [next] = await rows<{ id: string; contact_id: string; gone: boolean; booked: boolean }>(
      tx,
      sql`select w.id, w.contact_id, c.deleted_at is not null as gone,
            exists (select 1 from bookings b where b.organization_id = w.organization_id and b.slot_id = w.slot_id
              and b.contact_id = w.contact_id and not b.is_deleted and b.status <> 'cancelled') as booked
          from booking_waitlist w
          join contacts c on c.organization_id = w.organization_id and c.id = w.contact_id
          where w.organization_id = ${actor.orgId} and w.slot_id = ${slotId} and w.status = 'waiting'
          order by w.joined_at, w.id
          limit 1`,
    );
    if (!next) break;
    if (next.gone || next.booked) {
      await close(tx, actor.orgId, next.id);
      continue;
    }
    const bookingId = await takeSeat(
      tx,
      { ...actor, source: 'waitlist' },
      slot,
      next.contact_id,
      'from the waitlist',
    );
    await tx.execute(
      sql`update booking_waitlist set status = 'promoted', promoted_at = now(), booking_id = ${bookingId}
          where organization_id = ${actor.orgId} and id = ${next.id}`,
    );
    promoted.push({ entryId: next.id, contactId: next.contact_id, bookingId });
  }
  return promoted;
}
