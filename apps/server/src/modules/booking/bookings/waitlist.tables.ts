import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference } from '../../../db/columns.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';
import { bookingSlots } from '../booking.tables.ts';

/**
 * Members waiting for a seat in a full class, first come first served (by `joined_at`: the
 * database clock when the entry was written, while the class row is locked, and always after the
 * line's last entry, so the order is the order the joins went through). An entry is `waiting`
 * until a freed seat books its member (`promoted`, with the booking, in the transaction that
 * freed the seat) or the member leaves (`left`). `notified_at` is set once the promotion e-mail
 * is on its way (waitlist-notifier.ts reads the promoted entries without it).
 */
export const bookingWaitlist = pgTable(
  'booking_waitlist',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    slotId: uuid('slot_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    status: text('status').notNull().default('waiting'),
    joinedAt: instant('joined_at').notNull().default(sql`clock_timestamp()`),
    promotedAt: instant('promoted_at'),
    bookingId: uuid('booking_id'),
    leftAt: instant('left_at'),
    notifiedAt: instant('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.slotId, bookingSlots, 'booking_waitlist_slot_fk').onDelete('cascade'),
    tenantReference(t, t.contactId, contacts, 'booking_waitlist_contact_fk'),
    check('booking_waitlist_status_ck', sql`${t.status} in ('waiting', 'promoted', 'left')`),
    // One place in line per member and class.
    uniqueIndex('booking_waitlist_waiting_uq')
      .on(t.organizationId, t.slotId, t.contactId)
      .where(sql`${t.status} = 'waiting'`),
    index('booking_waitlist_line_idx')
      .on(t.organizationId, t.slotId, t.joinedAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('booking_waitlist_contact_idx').on(t.organizationId, t.contactId),
    // The notifier's queue: promoted entries whose e-mail has not gone out yet.
    index('booking_waitlist_unnotified_idx')
      .on(t.promotedAt)
      .where(sql`${t.status} = 'promoted' and ${t.notifiedAt} is null`),
  ],
);
