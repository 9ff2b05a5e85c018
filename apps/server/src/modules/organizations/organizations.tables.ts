import type { PermissionRule } from '@opsuite/shared';
import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../../db/columns.ts';
import { userColumn } from '../auth/auth.tables.ts';

/** The tenant root: its `id` is the organization_id every tenant row carries. */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  themeColor: text('theme_color').notNull().default('#7367f0'),
  logoLink: text('logo_link'),
  timeZone: text('time_zone').notNull().default('UTC'),
  plan: jsonb('plan').$type<{ planId: string; name: string }[]>().notNull().default([]),
  permissions: jsonb('permissions').$type<PermissionRule[]>().notNull().default([]),
  isViewUserData: boolean('is_view_user_data').notNull().default(false),
  createdAt: createdAt(),
});

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
