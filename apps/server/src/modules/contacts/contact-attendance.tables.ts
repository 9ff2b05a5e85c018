import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contact-core.tables.ts';

/**
 * Each contact's Last Attended, one row per contact (made with the contact by a trigger,
 * migration 0018, and removed with it). It lives beside contacts rather than in them because
 * every check-in writes it: on contacts that write was an update touching all 21 of their
 * indexes, trigram ones included (about a third of the database time of a kiosk check-in).
 * Here it touches two.
 */
export const contactAttendance = pgTable(
  'contact_attendance',
  {
    organizationId: uuid('organization_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    lastAttendedAt: timestamp('last_attended_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.contactId] }),
    foreignKey({
      name: 'contact_attendance_contact_fk',
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
    // The contacts list's Last Attended order and keyset (never attended sort as the oldest).
    index('contact_attendance_org_last_idx').on(
      t.organizationId,
      sql`coalesce(${t.lastAttendedAt}, '-infinity'::timestamptz) desc`,
      t.contactId.desc(),
    ),
  ],
);
