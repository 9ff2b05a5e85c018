import type { PaymentKind, PaymentState } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference } from '../../../db/columns.ts';
import { userReference } from '../../auth/auth.tables.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';
import { contactContracts, contactInvoices, type PaymentMethod } from '../billing.tables.ts';

// The money that moved on invoices, the e-mails about it and the signed payment authorizations.
// A charge row is written (pending) before the provider is called and settled after, so a crash
// between the two leaves a row the runner finishes with the same idempotency key.

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * One charge attempt or refund of an invoice: by card through the provider, or recorded by hand
 * (cash, bank transfer, other). `idempotency_key` is the key the provider was given, derived
 * from the invoice and attempt number (or the charge and refund number); `request_key` the key a
 * client sent with its request, kept for as long as the row so a late retry answers the same.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentState>().notNull(),
    source: text('source').$type<'auto' | 'staff' | 'member' | 'provider'>().notNull(),
    attempt: smallint('attempt'),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundOf: uuid('refund_of'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    cardId: uuid('card_id'),
    cardLabel: text('card_label'),
    /** The provider's customer and card the charge went to (a crash recovery sends it there again). */
    customerRef: text('customer_ref'),
    cardRef: text('card_ref'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    requestKey: text('request_key'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.invoiceId, contactInvoices).onDelete('cascade'),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('invoice_payments_kind_ck', sql`${t.kind} in ('charge', 'refund')`),
    check('invoice_payments_method_ck', sql`${t.method} in ('cash', 'card', 'bank_transfer', 'other')`),
    check('invoice_payments_status_ck', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('invoice_payments_source_ck', sql`${t.source} in ('auto', 'staff', 'member', 'provider')`),
    check('invoice_payments_amount_ck', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0`),
    check(
      'invoice_payments_refunded_ck',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    uniqueIndex('invoice_payments_idempotency_uq').on(t.organizationId, t.idempotencyKey),
    uniqueIndex('invoice_payments_request_uq').on(t.organizationId, t.requestKey),
    // A provider's payment is recorded once, whichever way (answer, webhook) it arrives.
    uniqueIndex('invoice_payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('invoice_payments_org_invoice_idx').on(t.organizationId, t.invoiceId, t.createdAt),
    index('invoice_payments_org_created_idx').on(t.organizationId, t.createdAt),
    // Attempts left pending by a crash: the runner finishes them.
    index('invoice_payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Billing e-mails (receipts, failed-payment notices) written in the same transaction as what they
 * tell, then sent by the runner: none is lost to a crash and none is sent twice for one event
 * (`dedupe_key`). They stay as the organisation's record of what the member was told.
 */
export const billingEmails = pgTable(
  'billing_emails',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id'),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    tries: smallint('tries').notNull().default(0),
    lastError: text('last_error'),
    /** A sender took it until then; another sender leaves it alone meanwhile. */
    claimedUntil: instant('claimed_until'),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    uniqueIndex('billing_emails_dedupe_uq').on(t.organizationId, t.dedupeKey),
    index('billing_emails_org_created_idx').on(t.organizationId, t.createdAt),
    index('billing_emails_org_contact_idx').on(t.organizationId, t.contactId, t.createdAt),
    index('billing_emails_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

/** The member's signed authorization to charge their card for a contract (one per contract). */
export const paymentAuthorizations = pgTable(
  'payment_authorizations',
  {
    organizationId: tenantColumn(),
    contractId: uuid('contract_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    text: text('text').notNull(),
    cardLabel: text('card_label'),
    signerName: text('signer_name').notNull(),
    signaturePng: bytea('signature_png'),
    signedAt: createdAt(),
    signedBy: userReference('signed_by'),
  },
  (t) => [
    tenantKey(t, t.contractId),
    tenantReference(t, t.contractId, contactContracts).onDelete('cascade'),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
  ],
);
