import type { GiftCardEntryKind } from '@opsuite/shared';
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

/** An organisation's gift card settings: how long its cards last and whether they carry a PIN. */
export const giftCardSettings = pgTable(
  'gift_card_settings',
  {
    organizationId: organizationKey(),
    /** Months until a new card expires (never under 60 in effect); null: cards never expire. */
    expiryMonths: smallint('expiry_months'),
    requirePin: boolean('require_pin').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('gift_card_settings_expiry_ck', sql`${t.expiryMonths} is null or ${t.expiryMonths} > 0`)],
);

/** What a card is issued from: its name, design, amounts and default message. */
export const giftCardTemplates = pgTable(
  'gift_card_templates',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** The design image's key in the file store (under `giftcards/`), or null. */
    designKey: text('design_key'),
    fixedAmountsCents: integer('fixed_amounts_cents').array().notNull().default(sql`'{}'::integer[]`),
    allowCustom: boolean('allow_custom').notNull().default(false),
    customMinCents: integer('custom_min_cents'),
    customMaxCents: integer('custom_max_cents'),
    defaultMessage: text('default_message').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.id), uniqueIndex('gift_card_templates_org_name_uq').on(t.organizationId, t.name)],
);

/**
 * A gift card. Its balance is kept on the row (one conditional update spends it, exact under
 * concurrency) and explained by its ledger (gift_card_entries); it never goes below zero. The
 * code is unique across organisations, so a customer's balance check finds it by code alone.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    templateId: uuid('template_id'),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    activated: boolean('activated').notNull().default(true),
    /** An argon2id hash of the PIN, when the card has one. */
    pinHash: text('pin_hash'),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    contactId: uuid('contact_id'),
    message: text('message'),
    /** The day (organisation's zone) the e-mail goes out, and that day's start as an instant. */
    deliverOn: date('deliver_on'),
    deliverAt: instant('deliver_at'),
    delivery: text('delivery').notNull().default('none'),
    sentAt: instant('sent_at'),
    expiresAt: instant('expires_at'),
    issuedBy: userReference('issued_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    uniqueIndex('gift_cards_code_uq').on(t.code),
    index('gift_cards_org_created_idx').on(t.organizationId, t.createdAt),
    index('gift_cards_contact_idx').on(t.organizationId, t.contactId),
    index('gift_cards_delivery_idx').on(t.deliverAt).where(sql`${t.delivery} = 'scheduled'`),
    tenantReference(t, t.templateId, giftCardTemplates, 'gift_cards_template_fk'),
    tenantReference(t, t.contactId, contacts, 'gift_cards_contact_fk'),
    check('gift_cards_balance_ck', sql`${t.balanceCents} >= 0`),
    check('gift_cards_initial_ck', sql`${t.initialCents} > 0`),
    check('gift_cards_delivery_ck', sql`${t.delivery} in ('none', 'scheduled', 'sent')`),
  ],
);

/** A card's ledger: every change of its balance, with who made it and why. */
export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    cardId: uuid('card_id').notNull(),
    kind: text('kind').$type<GiftCardEntryKind>().notNull(),
    /** Signed: what the entry did to the balance. */
    amountCents: integer('amount_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    /** What a redemption paid for (an order, a sale), from the caller. */
    reference: text('reference'),
    reason: text('reason'),
    byUserId: userReference('by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t, t.id),
    index('gift_card_entries_card_idx').on(t.organizationId, t.cardId, t.createdAt),
    tenantReference(t, t.cardId, giftCards, 'gift_card_entries_card_fk').onDelete('cascade'),
    check('gift_card_entries_kind_ck', sql`${t.kind} in ('issue', 'redemption', 'refund', 'adjustment')`),
    check('gift_card_entries_balance_ck', sql`${t.balanceAfterCents} >= 0`),
  ],
);
