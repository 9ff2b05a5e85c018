import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';

// A contact's payment cards as the card provider keeps them (ARCHITECTURE rule 8). Only what is
// safe to keep is stored: the provider's references, brand, last four digits and expiry; the
// card number never reaches the database.

/** The provider's customer record for a contact, one per provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    organizationId: tenantColumn(),
    contactId: uuid('contact_id').notNull(),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.contactId, t.provider),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
  ],
);

/**
 * A card saved with the provider; `provider_card_id` is the provider's token for it and
 * `customer_ref` the provider customer it is attached to. That is the contact's own customer when
 * the card is saved, but a merge moves a duplicate's cards without their customer (the kept
 * contact keeps its own), so every provider call about a card uses the card's `customer_ref`.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    contactId: uuid('contact_id').notNull(),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    providerCardId: text('provider_card_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    tenantReference(t, t.contactId, contacts).onDelete('cascade'),
    check('payment_cards_last4_ck', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_cards_exp_month_ck', sql`${t.expMonth} between 1 and 12`),
    uniqueIndex('payment_cards_provider_card_uq').on(t.organizationId, t.provider, t.providerCardId),
    index('payment_cards_org_contact_idx').on(t.organizationId, t.contactId, t.createdAt, t.id),
    // At most one default card per contact.
    uniqueIndex('payment_cards_default_uq').on(t.organizationId, t.contactId).where(sql`${t.isDefault}`),
  ],
);
