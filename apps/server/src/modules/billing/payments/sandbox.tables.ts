import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, tenantReference } from '../../../db/columns.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';

// The built-in sandbox card provider's own records: what a real provider would hold on its
// side, kept in the same database so the product works offline and across restarts. Only the
// provider module reads or writes them.

export const sandboxPaymentCustomers = pgTable(
  'sandbox_payment_customers',
  {
    organizationId: tenantColumn(),
    id: text('id').notNull(),
    name: text('name'),
    email: text('email'),
    defaultCardId: text('default_card_id'),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t, t.id)],
);

export const sandboxPaymentCards = pgTable(
  'sandbox_payment_cards',
  {
    organizationId: tenantColumn(),
    id: text('id').notNull(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name'),
    /**
     * How charges on the card go, from the test number it was saved with (as a provider in test
     * mode knows its test cards): succeed, decline, or ask for authentication when off-session.
     */
    chargeOutcome: text('charge_outcome').notNull().default('succeed'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.customerId, sandboxPaymentCustomers).onDelete('cascade'),
    check('sandbox_payment_cards_last4_ck', sql`${t.last4} ~ '^[0-9]{4}$'`),
    index('sandbox_payment_cards_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
  ],
);

/**
 * The sandbox's charges, one per idempotency key for as long as the record lives (a real
 * provider forgets keys after a day; the billing side never relies on that).
 */
export const sandboxPaymentCharges = pgTable(
  'sandbox_payment_charges',
  {
    organizationId: tenantColumn(),
    id: text('id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id').notNull(),
    cardId: text('card_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    uniqueIndex('sandbox_payment_charges_key_uq').on(t.organizationId, t.idempotencyKey),
    check('sandbox_payment_charges_refunded_ck', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

export const sandboxPaymentRefunds = pgTable(
  'sandbox_payment_refunds',
  {
    organizationId: tenantColumn(),
    id: text('id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    chargeId: text('charge_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.chargeId, sandboxPaymentCharges).onDelete('cascade'),
    uniqueIndex('sandbox_payment_refunds_key_uq').on(t.organizationId, t.idempotencyKey),
  ],
);
