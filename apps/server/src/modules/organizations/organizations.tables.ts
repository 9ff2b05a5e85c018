import type { PermissionRule } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../db/columns.ts';
import { userColumn } from '../auth/auth.tables.ts';

/** The tenant root: its `id` is the organization_id every tenant row carries. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    themeColor: text('theme_color').notNull().default('#7367f0'),
    logoLink: text('logo_link'),
    timeZone: text('time_zone').notNull().default('UTC'),
    plan: jsonb('plan').$type<{ planId: string; name: string }[]>().notNull().default([]),
    permissions: jsonb('permissions').$type<PermissionRule[]>().notNull().default([]),
    isViewUserData: boolean('is_view_user_data').notNull().default(false),
    /** ISO 3166-1 alpha-2: the region of phone numbers typed without a country code. */
    country: text('country').notNull().default('US'),
    /**
     * Check-in rules (contracts/organization-settings.ts). A new organisation warns about a frozen
     * or past-due membership and lets members in from an hour before a class to its end.
     */
    checkInMembership: text('check_in_membership').notNull().default('warn'),
    /** The check-in window: from `opens` minutes before a class starts to `closes` after it ends. */
    checkInWindow: boolean('check_in_window').notNull().default(true),
    checkInOpensMinutes: integer('check_in_opens_minutes').notNull().default(60),
    checkInClosesMinutes: integer('check_in_closes_minutes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('organizations_check_in_membership_ck', sql`${t.checkInMembership} in ('off', 'warn', 'refuse')`),
    check(
      'organizations_check_in_window_ck',
      sql`${t.checkInOpensMinutes} between 0 and 1440 and ${t.checkInClosesMinutes} between 0 and 1440`,
    ),
  ],
);

/** organization_id, the column every tenant table starts with: its rows go with the organisation. */
export const tenantColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** organization_id as the whole key of a table with one row per organisation. */
export const organizationKey = () =>
  uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A user joins an organisation through a membership; userType is the organisation entry's type. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: tenantColumn(),
    userId: userColumn(),
    userType: text('user_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.userId)],
);
