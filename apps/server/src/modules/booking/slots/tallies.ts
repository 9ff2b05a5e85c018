import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';

// A class's counts kept in two places (booking_slot_tallies, migration 0019): the slot's own
// attended_slots and booked_count, and the tallies the kiosk's fast check-in adds to. Readers
// add the two; writers that need the exact row counts (a capacity change, a cancellation, a
// booking against a capacity) lock the slot and fold its tallies into it first.

/** Tally rows per class: the fast check-in uses its database connection's (backend pid mod this). */
export const TALLY_SHARDS = 16;

const tallySum = (slot: string, column: 'attended' | 'booked') =>
  `coalesce((select sum(t.${column}) from booking_slot_tallies t
    where t.organization_id = ${slot}.organization_id and t.slot_id = ${slot}.id), 0)::int`;

/** Attended count of the slot aliased `slot` (SQL text): its column plus its tallies. */
export const attendedTotalText = (slot = 's') => `(${slot}.attended_slots + ${tallySum(slot, 'attended')})`;

/** Attended count of the slot aliased `slot`: its column plus its tallies. */
export const attendedTotal = (slot = 's') => sql.raw(attendedTotalText(slot));

/** Booked count of the slot aliased `slot`: its column plus its tallies. */
export const bookedTotal = (slot = 's') => sql.raw(`(${slot}.booked_count + ${tallySum(slot, 'booked')})`);

/** Locks several slots in one order (by id), so two callers locking the same slots cannot deadlock. */
export async function lockSlotsInOrder(tx: Tx, orgId: string, ids: string[]): Promise<void> {
  await tx.execute(
    sql`select id from booking_slots where organization_id = ${orgId} and id = any(${sql.param(ids)}::uuid[])
        order by id for update`,
  );
}

/**
 * Locks the slots (in id order, so two callers cannot deadlock) and moves their tallies into
 * their rows. Two statements: the fold's snapshot is taken once the locks are held, when no fast
 * check-in into these slots is still running (each holds its slot in share mode until it
 * commits) and none can start, so every tally is seen.
 */
export async function lockAndFoldSlots(tx: Tx, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql`${sql.param(ids)}::uuid[]`;
  await lockSlotsInOrder(tx, orgId, ids);
  await tx.execute(
    sql`with folded as (
          delete from booking_slot_tallies where organization_id = ${orgId} and slot_id = any(${list})
          returning slot_id, attended, booked),
        sums as (select slot_id, sum(attended)::int as attended, sum(booked)::int as booked from folded group by slot_id)
        update booking_slots s
        set attended_slots = s.attended_slots + sums.attended, booked_count = s.booked_count + sums.booked
        from sums where s.organization_id = ${orgId} and s.id = sums.slot_id`,
  );
}
