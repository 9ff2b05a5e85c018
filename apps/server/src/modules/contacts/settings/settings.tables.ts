import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, tenantReference } from '../../../db/columns.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';

// The small per-organisation lists a contact points at: tags, lead sources, pipeline stages,
// progressions (rank categories) with their ranks, and custom contact field definitions.

export const tags = pgTable(
  'tags',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id), uniqueIndex('tags_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const leadSources = pgTable(
  'lead_sources',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    uniqueIndex('lead_sources_org_name_uq').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

/** Pipeline stages, shown in `sortOrder` (PUT /stage/reorder rewrites it). */
export const stages = pgTable(
  'stages',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

/** A progression (program) such as "Karate belts"; its ranks are ordered steps inside it. */
export const rankCategories = pgTable(
  'rank_categories',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

export const clientRanks = pgTable(
  'client_ranks',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    categoryId: uuid('category_id').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Requirements to reach this rank, counted from reaching the rank before it; null: none. */
    classesRequired: integer('classes_required'),
    minDaysInRank: integer('min_days_in_rank'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    check('client_ranks_classes_required_ck', sql`${t.classesRequired} is null or ${t.classesRequired} >= 0`),
    check('client_ranks_min_days_ck', sql`${t.minDaysInRank} is null or ${t.minDaysInRank} >= 0`),
    tenantReference(t, t.categoryId, rankCategories).onDelete('cascade'),
    index('client_ranks_org_category_idx').on(t.organizationId, t.categoryId, t.sortOrder),
  ],
);

/**
 * Column and custom-field definitions of the contacts list. System fields (the built-in
 * columns) can be relabelled, reordered and resized but not deleted; custom fields hold their
 * values in `contacts.custom_fields` under the field's id.
 */
export const contactFields = pgTable(
  'contact_fields',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    fieldType: text('field_type').notNull().default('text'),
    options: jsonb('options').$type<string[]>(),
    sortOrder: integer('sort_order').notNull().default(0),
    width: integer('width').notNull().default(150),
    isVisible: boolean('is_visible').notNull().default(true),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id), uniqueIndex('contact_fields_org_key_uq').on(t.organizationId, t.key)],
);
