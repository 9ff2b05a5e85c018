import { foreignKey, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { contacts } from './contact-core.tables.ts';

/**
 * Every rank a contact was given and when: written by triggers on `contacts` (see the migration
 * that creates this table), whoever changes `rank_id` (the contact form, imports, merges, bulk
 * creation, other modules). Qualified progression reads when the current rank was reached here.
 * `rank_id` null records that the rank was taken away.
 */
export const contactRankHistory = pgTable(
  'contact_rank_history',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    rankId: uuid('rank_id'),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
    index('contact_rank_history_org_contact_idx').on(t.organizationId, t.contactId, t.reachedAt.desc()),
  ],
);
