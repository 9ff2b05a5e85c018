import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../db/columns.ts';
import { userReference } from '../auth/auth.tables.ts';
import { contacts } from '../contacts/contacts.tables.ts';
import { organizationKey, tenantColumn } from '../organizations/organizations.tables.ts';

// A contact's contracts (membership agreements) and invoices. The contact's `plan` and
// `payment_status` are derived from them in the same transaction as every change
// (billing-state.ts), so the contacts list filters and the past-due count stay right.

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
    billingInterval: text('billing_interval').notNull(),
    status: text('status').notNull().default('active'),
    notes: text('notes'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('contact_contracts_amount_ck', sql`${t.amountCents} >= 0`),
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
  ],
);

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
    status: text('status').notNull().default('due'),
    paidAt: instant('paid_at'),
    paymentMethod: text('payment_method'),
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
  ],
);
