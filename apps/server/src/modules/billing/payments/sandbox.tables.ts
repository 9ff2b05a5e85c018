import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.customerId, sandboxPaymentCustomers).onDelete('cascade'),
    check('sandbox_payment_cards_last4_ck', sql`${t.last4} ~ '^[0-9]{4}$'`),
    index('sandbox_payment_cards_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
  ],
);
