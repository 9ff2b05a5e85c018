import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant, tenantKey, tenantReference } from '../../../db/columns.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';
import { contacts } from '../core.tables.ts';

/**
 * Every rank a contact was given and when: written by triggers on `contacts` (see the migration
 * that creates this table), whoever changes `rank_id` (the contact form, imports, merges, bulk
 * creation, other modules). Qualified progression reads when the current rank was reached here.
 * `rank_id` null records that the rank was taken away.
 */
export const contactRankHistory = pgTable(
  'contact_rank_history',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    rankId: uuid('rank_id'),
    reachedAt: instant('reached_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('contact_rank_history_org_contact_idx').on(t.organizationId, t.contactId, t.reachedAt.desc()),
  ],
);
