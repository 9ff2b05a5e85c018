import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contacts } from './contact-core.tables.ts';

// What accumulates around a contact: follow-up notes, the activity timeline, family links, files.

const orgColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const followupNotes = pgTable(
  'followup_notes',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    note: text('note').notNull(),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
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
    organizationId: orgColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
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
    organizationId: orgColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    memberContactId: uuid('member_contact_id').notNull(),
    relation: text('relation'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'contact_family_links_contact_fk',
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contact_family_links_member_fk',
      columns: [t.organizationId, t.memberContactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
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
    organizationId: orgColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.contactId],
      foreignColumns: [contacts.organizationId, contacts.id],
    }).onDelete('cascade'),
    check('contact_files_kind_ck', sql`${t.kind} in ('image', 'video', 'document', 'text')`),
    index('contact_files_org_contact_idx').on(t.organizationId, t.contactId, t.createdAt.desc(), t.id.desc()),
  ],
);
