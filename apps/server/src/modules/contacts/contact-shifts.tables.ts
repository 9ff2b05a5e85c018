import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contacts } from './contact-core.tables.ts';

/** One shift as stored in a week's list (core §3 Employee shift). */
export interface StoredShift {
  _id: string;
  shiftName: string;
  positionIds: string[];
  startDate: string;
  endDate: string;
}

/**
 * An employee contact's shifts for one week (Sunday to Saturday), stored as a plain list and
 * replaced whole by contact/update-shifts. Deliberately minimal: the staff module will own
 * scheduling (drafts, publishing, the shift pool) and can take these rows over.
 */
export const contactShifts = pgTable(
  'contact_shifts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    /** The Sunday the week starts on. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    shifts: jsonb('shifts').$type<StoredShift[]>().notNull().default([]),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.contactId, t.weekStart] }),
    foreignKey({
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
    check('contact_shifts_sunday_ck', sql`extract(dow from ${t.weekStart}) = 0`),
    index('contact_shifts_org_week_idx').on(t.organizationId, t.weekStart, t.contactId),
  ],
);
