import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { userReference } from '../../auth/auth.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';
import { contacts } from '../core.tables.ts';

// What accumulates around a contact: follow-up notes, the activity timeline, family links, files.

export const followupNotes = pgTable(
  'followup_notes',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    note: text('note').notNull(),
    followUpAt: instant('follow_up_at'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('followup_notes_org_contact_idx').on(
      t.organizationId,
      t.contactId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/** The contact timeline; every module writes it through `recordActivity`. */
export const contactActivities = pgTable(
  'contact_activities',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    actorUserId: userReference('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    index('contact_activities_org_contact_idx').on(
      t.organizationId,
      t.contactId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * A family link between two contacts of one organisation, read from either side; `relation`
 * describes the member as seen from `contact_id` (child, spouse...). One link per pair.
 */
export const contactFamilyLinks = pgTable(
  'contact_family_links',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    memberContactId: uuid('member_contact_id').notNull(),
    relation: text('relation'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts, 'contact_family_links_contact_fk').onDelete('cascade'),
    tenantReference(t, t.memberContactId, contacts, 'contact_family_links_member_fk').onDelete('cascade'),
    check('contact_family_links_self_ck', sql`${t.contactId} <> ${t.memberContactId}`),
    uniqueIndex('contact_family_links_pair_uq').on(
      t.organizationId,
      sql`least(${t.contactId}, ${t.memberContactId})`,
      sql`greatest(${t.contactId}, ${t.memberContactId})`,
    ),
    index('contact_family_links_org_contact_idx').on(t.organizationId, t.contactId),
    index('contact_family_links_org_member_idx').on(t.organizationId, t.memberContactId),
  ],
);

/** Files attached to a contact; the bytes live in the data directory under `storage_key`. */
export const contactFiles = pgTable(
  'contact_files',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('contact_files_kind_ck', sql`${t.kind} in ('image', 'video', 'document', 'text')`),
    index('contact_files_org_contact_idx').on(t.organizationId, t.contactId, t.createdAt.desc(), t.id.desc()),
  ],
);
