import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { userReference } from '../../auth/auth.tables.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { organizationKey, tenantColumn } from '../../organizations/organizations.tables.ts';

/** The organisation's time rules; an organisation without a row has the defaults. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    organizationId: organizationKey(),
    screenshotIntervalMinutes: integer('screenshot_interval_minutes').notNull().default(15),
    screenshotsEnabled: boolean('screenshots_enabled').notNull().default(true),
    autoEndHours: integer('auto_end_hours').notNull().default(12),
    lateGraceMinutes: integer('late_grace_minutes').notNull().default(5),
    /** The tablet time clock asks for the employee's PIN after their punch id. */
    requirePunchPin: boolean('require_punch_pin').notNull().default(false),
    updatedBy: userReference('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('staff_settings_interval_ck', sql`${t.screenshotIntervalMinutes} between 1 and 240`),
    check('staff_settings_auto_end_ck', sql`${t.autoEndHours} between 1 and 24`),
  ],
);

/** Employee categories (front of house, kitchen...): group positions and rows of the grid. */
export const staffCategories = pgTable(
  'staff_categories',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

/** Positions (contact-position): what a shift is for, with a default hourly cost in cents. */
export const staffPositions = pgTable(
  'staff_positions',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    categoryId: uuid('category_id'),
    hourlyCostCents: integer('hourly_cost_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

/**
 * An employee's staff record: category, positions, hourly cost (payroll's wage comes first in the labour cost)
 * and place in the schedule grid. Its row is also what a shift write locks, so that one
 * employee's shifts are checked for overlap one writer at a time.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    organizationId: tenantColumn(),
    contactId: uuid('contact_id').notNull(),
    categoryId: uuid('category_id'),
    positionIds: jsonb('position_ids').$type<string[]>().notNull().default([]),
    hourlyCostCents: integer('hourly_cost_cents'),
    rowOrder: integer('row_order'),
    /**
     * lower(full_name) of the contact, kept by the database (sql/staff-members-sort-name.sql):
     * the roster is read in name order a page at a time without looking up every contact.
     */
    sortName: text('sort_name').notNull().default(''),
    /** The punch PIN's argon2id hash (never answered); null when the employee has none. */
    punchPinHash: text('punch_pin_hash'),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.contactId),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('staff_members_row_order_idx').on(t.organizationId, t.rowOrder, t.sortName),
    index('staff_members_sort_name_idx').on(t.organizationId, t.sortName, t.contactId),
  ],
);
