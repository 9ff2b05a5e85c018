import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant, tenantKey, tenantReference } from '../../../db/columns.ts';
import { organizationKey } from '../../organizations/organizations.tables.ts';
import { contacts } from '../core.tables.ts';

/**
 * One row per contact, made with the contact and removed with it (migration 0020): what the
 * contact reads (list, by id, export) need of it beyond the contacts row itself.
 *
 * - `body`: the contact's whole answer as JSON text (every field but lastAttendedAt, lookups and
 *   tags included), written by the database itself whenever the contact, its tags or a name it
 *   shows change (contact_answer_bodies() and the triggers of migration 0020). A list page then
 *   reads 100 stored texts instead of building them: building them was most of its time.
 * - `epoch`: the organisation's answer epoch the body was written at. Renaming a tag, type,
 *   stage, lead source, rank or category, or changing more than a few thousand contacts in one
 *   statement, moves the epoch on instead of rewriting the bodies it touches; a body of an older
 *   epoch (or none) is stale, readers build that contact's answer afresh, and the refresher
 *   (refresher.ts) rewrites it in the background.
 * - `last_attended_at`: Last Attended, which every check-in writes. The list's Last Attended
 *   order walks its index here; kept out of `body` so that a check-in writes no JSON.
 */
export const contactAnswers = pgTable(
  'contact_answers',
  {
    organizationId: uuid('organization_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    lastAttendedAt: instant('last_attended_at'),
    epoch: integer('epoch').notNull().default(-1),
    body: text('body'),
  },
  (t) => [
    tenantKey(t, t.contactId),
    tenantReference(t, t.contactId, contacts, 'contact_answers_contact_fk').onDelete('cascade'),
    // The contacts list's Last Attended order and keyset (never attended sort as the oldest).
    index('contact_answers_org_last_idx').on(
      t.organizationId,
      sql`coalesce(${t.lastAttendedAt}, '-infinity'::timestamptz) desc`,
      t.contactId.desc(),
    ),
  ],
);

/**
 * Each organisation's answer epoch (no row: epoch 0), and the epoch the refresher has brought
 * every body up to (`refreshed`); an organisation with `refreshed < epoch` has stale bodies.
 */
export const contactAnswerEpochs = pgTable('contact_answer_epochs', {
  organizationId: organizationKey(),
  epoch: integer('epoch').notNull().default(1),
  refreshed: integer('refreshed').notNull().default(0),
});
