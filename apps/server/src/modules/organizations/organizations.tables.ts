import type { PermissionRule } from '@opsuite/shared';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user joins an organisation through a membership; userType is the organisation entry's type. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: text('user_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);
