import type { ContractInterval, ContractStatus } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../db/columns.ts';
import { userReference } from '../auth/auth.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { organizationKey, tenantColumn } from '../organizations/organizations.tables.ts';

// A contact's contracts (membership agreements) and invoices. The contact's `plan` and
// `payment_status` are derived from them in the same transaction as every change
// (billing-state.ts), so the contacts list filters and the past-due count stay right. A contract
// bills itself: the job runner issues the invoice of the period starting on `next_bill_day` once
// that day has come in the organisation's zone (runner/), and charges it.

/** An invoice's stored states (past due is read from a due one, never stored). */
export type StoredInvoiceStatus = 'due' | 'paid' | 'forfeit' | 'refund';
export type PaymentMethod = 'cash' | 'card' | 'bank_transfer' | 'other';

export const contactContracts = pgTable(
  'contact_contracts',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    title: text('title').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    amountCents: integer('amount_cents').notNull(),
    billingInterval: text('billing_interval').$type<ContractInterval>().notNull(),
    status: text('status').$type<ContractStatus>().notNull().default('active'),
    notes: text('notes'),
    signUpFeeCents: integer('sign_up_fee_cents').notNull().default(0),
    /** The day full cycles line up on; the start date when null. */
    anchorDay: date('anchor_day', { mode: 'string' }),
    /** The first day of the next period to invoice; null when nothing more is billed. */
    nextBillDay: date('next_bill_day', { mode: 'string' }),
    /** Cancelled at period end: the contract runs to its end date, then reads as cancelled. */
    cancelRequestedAt: instant('cancel_requested_at'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('contact_contracts_amount_ck', sql`${t.amountCents} >= 0`),
    check('contact_contracts_fee_ck', sql`${t.signUpFeeCents} >= 0`),
    check(
      'contact_contracts_interval_ck',
      sql`${t.billingInterval} in ('one_time', 'weekly', 'monthly', 'yearly')`,
    ),
    check('contact_contracts_status_ck', sql`${t.status} in ('active', 'frozen', 'cancelled', 'expired')`),
    check('contact_contracts_dates_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('contact_contracts_org_contact_idx').on(t.organizationId, t.contactId, t.startDate.desc(), t.id),
    // The nightly-style sweep finds contracts whose end date has passed without a scan.
    index('contact_contracts_open_end_idx')
      .on(t.endDate)
      .where(sql`${t.status} in ('active', 'frozen') and ${t.endDate} is not null`),
    // The runner's work list: active contracts whose next bill day has come.
    index('contact_contracts_next_bill_idx')
      .on(t.nextBillDay)
      .where(sql`${t.status} = 'active' and ${t.nextBillDay} is not null`),
  ],
);

/**
 * A pause of a contract's billing from `start_day` until `end_day` (the day it runs again; null
 * while open-ended). `thawed_on` is set when it ended, by the runner on its end day or by hand.
 */
export const contractFreezes = pgTable(
  'contract_freezes',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contractId: uuid('contract_id').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }),
    thawedOn: date('thawed_on', { mode: 'string' }),
    /** The next bill day when the freeze began; where billing resumes is worked out from it at the thaw. */
    plannedBillDay: date('planned_bill_day', { mode: 'string' }),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contractId, contactContracts).onDelete('cascade'),
    check('contract_freezes_days_ck', sql`${t.endDay} is null or ${t.endDay} > ${t.startDay}`),
    index('contract_freezes_org_contract_idx').on(t.organizationId, t.contractId, t.startDay),
    // Freezes whose end day has come thaw by themselves: the runner reads only the open ones.
    index('contract_freezes_open_end_idx')
      .on(t.endDay)
      .where(sql`${t.thawedOn} is null and ${t.endDay} is not null`),
  ],
);

/** An organisation's billing choices: the dunning retry days and the processing fee passed on. */
export const billingSettings = pgTable('billing_settings', {
  organizationId: organizationKey(),
  retryDays: smallint('retry_days').array().notNull().default(sql`'{1,3,7}'::smallint[]`),
  feeEnabled: boolean('fee_enabled').notNull().default(false),
  feeBasisPoints: integer('fee_basis_points').notNull().default(0),
  feeTitle: text('fee_title').notNull().default('Card processing fee'),
  updatedAt: updatedAt(),
});

/** The last invoice number given in each organisation (numbers run 1, 2, 3… per organisation). */
export const invoiceCounters = pgTable('invoice_counters', {
  organizationId: organizationKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * An invoice of a contact. Stored states are due, paid, forfeit and refund; a due invoice whose
 * due date has passed (in the organisation's time zone) reads as past due.
 */
export const contactInvoices = pgTable(
  'contact_invoices',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    contractId: uuid('contract_id'),
    number: integer('number').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Stored states only: past due is read, never stored. */
    status: text('status').$type<StoredInvoiceStatus>().notNull().default('due'),
    paidAt: instant('paid_at'),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    /** A contract's recurring invoice: its period (end: the first day after it). */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    /** Charged to the contact's default card by the runner (a contract's invoices). */
    autoCharge: boolean('auto_charge').notNull().default(false),
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    attemptCount: smallint('attempt_count').notNull().default(0),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    firstFailedAt: instant('first_failed_at'),
    /** When the runner charges it next (the first try, then the dunning retries). */
    nextAttemptAt: instant('next_attempt_at'),
    lastFailureCode: text('last_failure_code'),
    lastFailureMessage: text('last_failure_message'),
    /** The charge in flight: while set, no other charge of this invoice may start. */
    chargingPaymentId: uuid('charging_payment_id'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    // A contract with invoices is cancelled, not deleted (the service says so first).
    tenantReference(t, t.contractId, contactContracts, 'contact_invoices_contract_fk'),
    check('contact_invoices_amount_ck', sql`${t.amountCents} > 0`),
    check('contact_invoices_status_ck', sql`${t.status} in ('due', 'paid', 'forfeit', 'refund')`),
    check(
      'contact_invoices_method_ck',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('cash', 'card', 'bank_transfer', 'other')`,
    ),
    uniqueIndex('contact_invoices_org_number_uq').on(t.organizationId, t.number),
    index('contact_invoices_org_contact_idx').on(t.organizationId, t.contactId, t.dueDate.desc(), t.id),
    index('contact_invoices_org_contract_idx')
      .on(t.organizationId, t.contractId)
      .where(sql`${t.contractId} is not null`),
    // Unpaid invoices by due date: the sweep that turns contacts past due reads only these.
    index('contact_invoices_due_idx').on(t.dueDate).where(sql`${t.status} = 'due'`),
    // Never two invoices for one period of a contract, whoever issues them and however often.
    uniqueIndex('contact_invoices_contract_period_uq')
      .on(t.organizationId, t.contractId, t.periodStart)
      .where(sql`${t.periodStart} is not null`),
    // The runner's charge list: unpaid invoices whose next try has come.
    index('contact_invoices_next_attempt_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'due' and ${t.nextAttemptAt} is not null`),
    check('contact_invoices_paid_ck', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`),
  ],
);
