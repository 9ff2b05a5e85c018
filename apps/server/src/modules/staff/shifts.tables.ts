import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantReference, updatedAt } from '../../db/columns.ts';
import { userReference } from '../auth/auth.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { tenantColumn } from '../organizations/organizations.tables.ts';

/** One shift as stored in a week's list. */
export interface StoredShift {
  _id: string;
  shiftName: string;
  positionIds: string[];
  startDate: string;
  endDate: string;
}

/**
 * An employee contact's shifts for one week (Sunday to Saturday), stored as a plain list and
 * replaced whole by contact/update-shifts. Deliberately minimal: scheduling (drafts, publishing,
 * the shift pool) is still to come in this module and can take these rows over.
 */
export const contactShifts = pgTable(
  'contact_shifts',
  {
    organizationId: tenantColumn(),
    contactId: uuid('contact_id').notNull(),
    /** The Sunday the week starts on. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    shifts: jsonb('shifts').$type<StoredShift[]>().notNull().default([]),
    updatedBy: userReference('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.contactId, t.weekStart),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('contact_shifts_sunday_ck', sql`extract(dow from ${t.weekStart}) = 0`),
    index('contact_shifts_org_week_idx').on(t.organizationId, t.weekStart, t.contactId),
  ],
);
