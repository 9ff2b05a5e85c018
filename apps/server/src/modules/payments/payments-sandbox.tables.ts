import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';

// The built-in sandbox card provider's own records: what a real provider would hold on its
// side, kept in the same database so the product works offline and across restarts. Only the
// provider module reads or writes them.

export const sandboxPaymentCustomers = pgTable(
  'sandbox_payment_customers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name'),
    email: text('email'),
    defaultCardId: text('default_card_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

export const sandboxPaymentCards = pgTable(
  'sandbox_payment_cards',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.customerId],
      foreignColumns: [sandboxPaymentCustomers.organizationId, sandboxPaymentCustomers.id],
    }).onDelete('cascade'),
    check('sandbox_payment_cards_last4_ck', sql`${t.last4} ~ '^[0-9]{4}$'`),
    index('sandbox_payment_cards_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
  ],
);
