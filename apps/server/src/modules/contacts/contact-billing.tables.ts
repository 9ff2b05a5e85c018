import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
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

// A contact's contracts (membership agreements) and invoices. The contact's `plan` and
// `payment_status` are derived from them in the same transaction as every change
// (contact-billing-state.ts), so the contacts list filters and the past-due count stay right.

const orgColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const contactContracts = pgTable(
  'contact_contracts',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    title: text('title').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    amountCents: integer('amount_cents').notNull(),
    billingInterval: text('billing_interval').notNull(),
    status: text('status').notNull().default('active'),
    notes: text('notes'),
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
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * An invoice of a contact. Stored states are due, paid, forfeit and refund; a due invoice whose
 * due date has passed (in the organisation's time zone) reads as past due.
 */
export const contactInvoices = pgTable(
  'contact_invoices',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    contractId: uuid('contract_id'),
    number: integer('number').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('due'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentMethod: text('payment_method'),
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
    // A contract with invoices is cancelled, not deleted (the service says so first).
    foreignKey({
      name: 'contact_invoices_contract_fk',
      columns: [t.organizationId, t.contractId],
      foreignColumns: [contactContracts.organizationId, contactContracts.id],
    }),
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
