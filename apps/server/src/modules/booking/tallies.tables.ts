import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantReference } from '../../db/columns.ts';
import { bookingSlots } from './booking.tables.ts';

/**
 * A class's kiosk check-ins counted in a few rows instead of one (migration 0019): the fast
 * check-in adds to the row of its database connection's shard, so 50 kiosks checking into one
 * class no longer queue on the class row's lock, each behind the previous one's commit. A slot's
 * counts are its own columns plus the sum of its rows here (attendedTotal and bookedTotal in
 * slots/tallies.ts); changes that need the exact row count (capacity, cancellations) first lock
 * the slot and fold these rows into it.
 */
export const bookingSlotTallies = pgTable(
  'booking_slot_tallies',
  {
    organizationId: uuid('organization_id').notNull(),
    slotId: uuid('slot_id').notNull(),
    shard: smallint('shard').notNull(),
    attended: integer('attended').notNull().default(0),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    tenantKey(t, t.slotId, t.shard),
    tenantReference(t, t.slotId, bookingSlots, 'booking_slot_tallies_slot_fk').onDelete('cascade'),
    check('booking_slot_tallies_counts_ck', sql`${t.attended} >= 0 and ${t.booked} >= 0`),
  ],
);
