import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../db/columns.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { tenantColumn } from '../organizations/organizations.tables.ts';

/** The organisation's pay cycle; without a row the cycle is biweekly from a fixed Sunday. */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    organizationId: tenantColumn(),
    payCycle: text('pay_cycle').notNull().default('biweekly'),
    anchorDay: date('anchor_day', { mode: 'string' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    check(
      'payroll_settings_cycle_ck',
      sql`${t.payCycle} in ('weekly', 'biweekly', 'semimonthly', 'monthly')`,
    ),
  ],
);

/** One salary per employee (contact): the primary key keeps it one. */
export const employeeSalaries = pgTable(
  'employee_salaries',
  {
    organizationId: tenantColumn(),
    contactId: uuid('contact_id').notNull(),
    wageType: text('wage_type').notNull(),
    /** hourly: cents an hour; salaried: cents a year; per_class: cents a class. */
    rateCents: integer('rate_cents').notNull(),
    overtimeThresholdMinutes: integer('overtime_threshold_minutes').notNull().default(2400),
    /** The overtime multiplier in hundredths (150 = 1.5x). */
    overtimeMultiplierPct: integer('overtime_multiplier_pct').notNull().default(150),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.contactId),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('employee_salaries_wage_ck', sql`${t.wageType} in ('hourly', 'salaried', 'per_class')`),
    check('employee_salaries_rate_ck', sql`${t.rateCents} > 0`),
  ],
);

/**
 * A pay run. A regular run is one per period (the partial unique index): the pending list is its
 * draft, running it completes the same row, so two admins pressing Run make one run. Off-cycle
 * runs are told apart by the browser's idempotency key. Totals are the sums of the slips. A voided
 * run stays as a record (status 'voided', with its reason) and no longer holds its period.
 */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** Exclusive: the day after the period's last day. */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    note: text('note').notNull().default(''),
    grossCents: integer('gross_cents').notNull().default(0),
    cardTipsCents: integer('card_tips_cents').notNull().default(0),
    deductionsCents: integer('deductions_cents').notNull().default(0),
    netCents: integer('net_cents').notNull().default(0),
    slipCount: integer('slip_count').notNull().default(0),
    refreshedAt: instant('refreshed_at'),
    runAt: instant('run_at'),
    /** When the run's CSV was first exported; an exported run can no longer be voided. */
    exportedAt: instant('exported_at'),
    /** When an admin marked the run as paid out to the employees; it can no longer be voided. */
    paidOutAt: instant('paid_out_at'),
    voidedAt: instant('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    uniqueIndex('payroll_runs_regular_period_uq')
      .on(t.organizationId, t.periodStart)
      .where(sql`${t.type} = 'regular' and ${t.status} <> 'voided'`),
    uniqueIndex('payroll_runs_key_uq').on(t.organizationId, t.idempotencyKey),
    index('payroll_runs_org_run_at_idx').on(t.organizationId, t.runAt),
    check('payroll_runs_type_ck', sql`${t.type} in ('regular', 'offcycle')`),
    check('payroll_runs_status_ck', sql`${t.status} in ('draft', 'completed', 'voided')`),
    check('payroll_runs_period_ck', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

/**
 * One employee's slip in a run: a record of what was paid, with the name as it was, so it keeps
 * its contact id (no foreign key) through a contact merge or deletion.
 */
export const payrollSlips = pgTable(
  'payroll_slips',
  {
    organizationId: tenantColumn(),
    runId: uuid('run_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    fullName: text('full_name').notNull(),
    wageType: text('wage_type').notNull(),
    source: text('source').notNull(),
    regularMinutes: integer('regular_minutes').notNull().default(0),
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    classes: integer('classes').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    rateCents: integer('rate_cents').notNull(),
    regularCents: integer('regular_cents').notNull(),
    overtimeCents: integer('overtime_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    cardTipsCents: integer('card_tips_cents').notNull(),
    deductionsCents: integer('deductions_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [tenantKey(t, t.runId, t.contactId), tenantReference(t, t.runId, payrollRuns).onDelete('cascade')],
);
