import type { PermissionRule } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../db/columns.ts';
import { userColumn, userReference } from '../auth/auth.tables.ts';
import { organizationKey, tenantColumn } from '../organizations/organizations.tables.ts';
import { clientRanks, leadSources, stages, tags } from './settings/settings.tables.ts';

/**
 * Contact types name the roles of an organisation (primary, admin, employee, client, vendor...).
 * `permissions` null means the plan's rules apply unchanged (an admin).
 */
export const contactTypes = pgTable(
  'contact_types',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    permissions: jsonb('permissions').$type<PermissionRule[] | null>(),
    isSystem: boolean('is_system').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

export interface BillingAddress {
  street?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

const liveOnly = (t: { deletedAt: unknown }) => sql`${t.deletedAt} is null`;

/**
 * A person inside one organisation: lead, client/member, employee, family member.
 * Lists read it through the partial indexes below (all `where deleted_at is null`), so each hot
 * query must repeat that condition. `phone_digits` is derived by the database so that every
 * writer (imports, sign-up, other modules) keeps phone search right.
 */
export const contacts = pgTable(
  'contacts',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      sql`nullif(regexp_replace(phone, '[^0-9]', '', 'g'), '')`,
    ),
    photo: text('photo'),
    status: text('status').notNull().default('active'),
    isFormer: boolean('is_former').notNull().default(false),
    contactTypeId: uuid('contact_type_id'),
    stageId: uuid('stage_id'),
    leadSourceId: uuid('lead_source_id'),
    rankId: uuid('rank_id'),
    punchId: text('punch_id'),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    birthday: date('birthday', { mode: 'string' }),
    /** Month and day of the birthday as MMDD (203 is 3 February), for birthday lists by month. */
    birthdayMd: smallint('birthday_md').generatedAlwaysAs(
      sql`(extract(month from birthday) * 100 + extract(day from birthday))::smallint`,
    ),
    lastContactedAt: instant('last_contacted_at'),
    paymentStatus: text('payment_status').notNull().default('none'),
    plan: text('plan'),
    stopSms: boolean('stop_sms').notNull().default(false),
    customFields: jsonb('custom_fields')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    userId: userReference('user_id'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactTypeId, contactTypes),
    tenantReference(t, t.stageId, stages, 'contacts_stage_fk'),
    tenantReference(t, t.leadSourceId, leadSources, 'contacts_lead_source_fk'),
    tenantReference(t, t.rankId, clientRanks, 'contacts_rank_fk'),
    check('contacts_status_ck', sql`${t.status} in ('active', 'inactive')`),
    check('contacts_payment_status_ck', sql`${t.paymentStatus} in ('none', 'past_due', 'frozen')`),
    // The few soft-deleted contacts, which counts over contact_answers subtract.
    index('contacts_org_deleted_idx').on(t.organizationId).where(sql`${t.deletedAt} is not null`),
    index('contacts_org_user_idx').on(t.organizationId, t.userId).where(sql`${t.userId} is not null`),
    // Default list order and its keyset (newest first).
    index('contacts_org_created_idx')
      .on(t.organizationId, t.createdAt.desc(), t.id.desc())
      .where(liveOnly(t)),
    // Rating-type order Last Contacted: nulls sort as the oldest. (Last Attended's is on
    // contact_answers.)
    index('contacts_org_contacted_idx')
      .on(t.organizationId, sql`coalesce(${t.lastContactedAt}, '-infinity'::timestamptz) desc`, t.id.desc())
      .where(liveOnly(t)),
    // Fragment search (3+ characters) by trigrams; short prefixes by the byte-ordered name index.
    index('contacts_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`).where(liveOnly(t)),
    index('contacts_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`).where(liveOnly(t)),
    index('contacts_phone_trgm_idx').using('gin', sql`${t.phoneDigits} gin_trgm_ops`).where(liveOnly(t)),
    // Phone fragments of 4+ digits by their 4-digit windows (phone_grams, migration 0010).
    index('contacts_phone_grams_idx')
      .using('gin', sql`phone_grams(${t.phoneDigits})`)
      .where(sql`${t.deletedAt} is null and ${t.phoneDigits} is not null`),
    index('contacts_org_name_idx')
      .on(t.organizationId, sql`(lower(${t.fullName}) collate "C")`, t.id)
      .where(liveOnly(t)),
    // Exact lookups: contact-exists, duplicates, import de-duplication.
    index('contacts_org_email_idx')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null and ${t.email} is not null`),
    index('contacts_org_phone_idx')
      .on(t.organizationId, t.phoneDigits)
      .where(sql`${t.deletedAt} is null and ${t.phoneDigits} is not null`),
    uniqueIndex('contacts_org_punch_uq')
      .on(t.organizationId, t.punchId)
      .where(sql`${t.deletedAt} is null and ${t.punchId} is not null`),
    // Filters of the contacts list; the lookup-id indexes also cover deleted rows, because
    // removing a stage, lead source, rank or type clears it on every row that points at it.
    index('contacts_org_type_idx')
      .on(t.organizationId, t.contactTypeId)
      .where(sql`${t.contactTypeId} is not null`),
    index('contacts_org_stage_idx').on(t.organizationId, t.stageId).where(sql`${t.stageId} is not null`),
    index('contacts_org_lead_source_idx')
      .on(t.organizationId, t.leadSourceId)
      .where(sql`${t.leadSourceId} is not null`),
    index('contacts_org_rank_idx').on(t.organizationId, t.rankId).where(sql`${t.rankId} is not null`),
    index('contacts_org_payment_idx')
      .on(t.organizationId, t.paymentStatus, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null and ${t.paymentStatus} <> 'none'`),
    index('contacts_org_plan_idx')
      .on(t.organizationId, t.plan)
      .where(sql`${t.deletedAt} is null and ${t.plan} is not null`),
    index('contacts_org_birthday_idx')
      .on(t.organizationId, t.birthdayMd)
      .where(sql`${t.deletedAt} is null and ${t.birthdayMd} is not null`),
    index('contacts_org_created_by_idx')
      .on(t.organizationId, t.createdBy, t.createdAt.desc())
      .where(liveOnly(t)),
  ],
);

/**
 * Per-organisation contact counts, kept by statement-level triggers on
 * `contacts` (migration 0003) in the same transaction as every change, so reading them never
 * counts rows. One row per organisation, hence the key is the organisation alone.
 */
export const contactCounts = pgTable('contact_counts', {
  organizationId: organizationKey(),
  active: integer('active').notNull().default(0),
  former: integer('former').notNull().default(0),
  pastDue: integer('past_due').notNull().default(0),
  total: integer('total').notNull().default(0),
});

/**
 * Per-tag contact counts (active, former, total, as in contact_counts) so that the contacts list
 * filtered by one tag shows an exact total without counting rows. Kept by statement-level
 * triggers on contact_tags (migration 0016) from each tag row's `counted` state.
 */
export const tagCounts = pgTable(
  'tag_counts',
  {
    organizationId: tenantColumn(),
    tagId: uuid('tag_id').notNull(),
    active: integer('active').notNull().default(0),
    former: integer('former').notNull().default(0),
    total: integer('total').notNull().default(0),
  },
  (t) => [tenantKey(t, t.tagId), tenantReference(t, t.tagId, tags).onDelete('cascade')],
);

/** Tags on contacts; a join table keyed by the pair it joins. */
export const contactTags = pgTable(
  'contact_tags',
  {
    organizationId: tenantColumn(),
    contactId: uuid('contact_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    createdAt: createdAt(),
    /**
     * The contact's state as tag_counts counts it (0 not live, 1 active, 2 former, 3 other live),
     * written only by the triggers of migration 0016: a copy on the tag row, so that a cascade
     * delete (whose contact row is already gone) still knows what to subtract.
     */
    counted: smallint('counted').notNull().default(0),
  },
  (t) => [
    tenantKey(t, t.contactId, t.tagId),
    check('contact_tags_counted_ck', sql`${t.counted} between 0 and 3`),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    tenantReference(t, t.tagId, tags).onDelete('cascade'),
    index('contact_tags_org_tag_idx').on(t.organizationId, t.tagId, t.contactId),
  ],
);

/** Which role a user acts in inside an organisation, and on whose behalf (the assigner). */
export const roleAssignments = pgTable(
  'role_assignments',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    userId: userColumn(),
    contactTypeId: uuid('contact_type_id').notNull(),
    contactId: uuid('contact_id'),
    assignerId: userReference('assigner_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactTypeId, contactTypes),
    tenantReference(t, t.contactId, contacts),
    unique('role_assignments_user_assigner_uq')
      .on(t.organizationId, t.userId, t.assignerId)
      .nullsNotDistinct(),
    index('role_assignments_org_contact_idx')
      .on(t.organizationId, t.contactId)
      .where(sql`${t.contactId} is not null`),
  ],
);
