import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';
import { staffPositions } from '../../staff/settings/settings.tables.ts';
import { payrollRuns } from '../payroll.tables.ts';

/** Where tips are collected (Bar, Dining room): the product has no locations yet, tips own these. */
export const tipLocations = pgTable(
  'tip_locations',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

/** Whether a staff position shares tips; without a row, positions named manager/supervisor do not. */
export const tipRoleSettings = pgTable(
  'tip_role_settings',
  {
    organizationId: tenantColumn(),
    positionId: uuid('position_id').notNull(),
    sharesTips: boolean('shares_tips').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.positionId), tenantReference(t, t.positionId, staffPositions).onDelete('cascade')],
);

export interface StoredDayShift {
  name: string;
  start: string;
  end: string;
}

export const tipPools = pgTable(
  'tip_pools',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    basis: text('basis').notNull(),
    dayShifts: jsonb('day_shifts').$type<StoredDayShift[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    index('tip_pools_org_created_idx').on(t.organizationId, t.createdAt),
    check('tip_pools_basis_ck', sql`${t.basis} in ('hours', 'points', 'equal')`),
  ],
);

/** A location belongs to one pool at most: the key is the location. */
export const tipPoolLocations = pgTable(
  'tip_pool_locations',
  {
    organizationId: tenantColumn(),
    locationId: uuid('location_id').notNull(),
    poolId: uuid('pool_id').notNull(),
  },
  (t) => [
    tenantKey(t, t.locationId),
    tenantReference(t, t.locationId, tipLocations),
    tenantReference(t, t.poolId, tipPools).onDelete('cascade'),
    index('tip_pool_locations_pool_idx').on(t.organizationId, t.poolId),
  ],
);

/** A role (staff position) of a pool; points and share in hundredths. */
export const tipPoolRoles = pgTable(
  'tip_pool_roles',
  {
    organizationId: tenantColumn(),
    poolId: uuid('pool_id').notNull(),
    positionId: uuid('position_id').notNull(),
    pointsHundredths: integer('points_hundredths'),
    shareHundredths: integer('share_hundredths'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    tenantKey(t, t.poolId, t.positionId),
    tenantReference(t, t.poolId, tipPools).onDelete('cascade'),
    tenantReference(t, t.positionId, staffPositions).onDelete('cascade'),
  ],
);

/** A location's tips of one day in the organisation's zone, in cents. */
export const dailyTips = pgTable(
  'daily_tips',
  {
    organizationId: tenantColumn(),
    locationId: uuid('location_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    cardTipsCents: integer('card_tips_cents').notNull(),
    cashTipsCents: integer('cash_tips_cents').notNull(),
    source: text('source').notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.locationId, t.day),
    tenantReference(t, t.locationId, tipLocations),
    index('daily_tips_org_day_idx').on(t.organizationId, t.day),
    check('daily_tips_cents_ck', sql`${t.cardTipsCents} >= 0 and ${t.cashTipsCents} >= 0`),
    check('daily_tips_source_ck', sql`${t.source} in ('manual', 'pos')`),
  ],
);

/**
 * The tip share as paid: stored when a regular payroll run completes, one row per pool-day (with
 * contactId null: the pool-day's tips) and one per employee of it. Paid days are shown from here,
 * so later rule changes touch the open period only. Names as they were; no key to pools or contacts.
 */
export const tipSharePaid = pgTable(
  'tip_share_paid',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    runId: uuid('run_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    poolId: uuid('pool_id').notNull(),
    poolName: text('pool_name').notNull(),
    basis: text('basis').notNull(),
    /** Null on the pool-day's own row. */
    contactId: uuid('contact_id'),
    roleName: text('role_name').notNull().default(''),
    workedMinutes: integer('worked_minutes').notNull().default(0),
    cardTipsCents: integer('card_tips_cents').notNull(),
    cashTipsCents: integer('cash_tips_cents').notNull(),
    people: integer('people').notNull().default(0),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.runId, payrollRuns).onDelete('cascade'),
    index('tip_share_paid_day_idx').on(t.organizationId, t.day),
    index('tip_share_paid_run_idx').on(t.organizationId, t.runId),
  ],
);
