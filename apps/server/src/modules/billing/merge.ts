import { and, eq, getTableName, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { type ContactHooks, inMergeSet, type MergeSet, mergeRank, ofDuplicates } from '../contacts/index.ts';
import { contactContracts, contactInvoices } from './billing.tables.ts';
import { syncBillingState } from './billing-state.ts';
import { paymentCards, paymentCustomers } from './cards/cards.tables.ts';
import { billingEmails, invoicePayments, paymentAuthorizations } from './charges/charges.tables.ts';

// Billing's part of a contact merge (the contacts module's lifecycle hooks): the kept contact
// takes the duplicates' cards, provider customers, contracts, invoices, payments, billing
// e-mails and payment authorizations, and its plan and payment status are computed again.

/** Of the default cards in the set only the best-ranked one stays the default. */
async function settleDefaultCards(tx: Tx, set: MergeSet) {
  const c = paymentCards;
  const ranked = tx
    .select({
      id: c.id,
      rank: sql<number>`row_number() over (order by ${mergeRank(set, sql`${c.contactId}`)}, ${c.createdAt}, ${c.id})`.as(
        'rank',
      ),
    })
    .from(c)
    .where(and(eq(c.organizationId, set.orgId), inMergeSet(set, sql`${c.contactId}`), eq(c.isDefault, true)))
    .as('ranked');
  await tx
    .update(c)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(c.organizationId, set.orgId),
        inArray(c.id, tx.select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, 1))),
      ),
    );
}

/**
 * One provider customer per provider: the best-ranked contact's stays as the contact's customer.
 * The duplicates' cards move without it and stay usable at the provider: each card keeps the
 * customer it is attached to there (payment_cards.customer_ref), and every card call goes to it.
 */
async function settleProviderCustomers(tx: Tx, set: MergeSet) {
  const p = paymentCustomers;
  const ranked = tx
    .select({
      contactId: p.contactId,
      provider: p.provider,
      rank: sql<number>`row_number() over (partition by ${p.provider} order by ${mergeRank(set, sql`${p.contactId}`)})`.as(
        'rank',
      ),
    })
    .from(p)
    .where(and(eq(p.organizationId, set.orgId), inMergeSet(set, sql`${p.contactId}`)))
    .as('ranked');
  const dropped = tx
    .select({ contactId: ranked.contactId, provider: ranked.provider })
    .from(ranked)
    .where(gt(ranked.rank, 1));
  await tx
    .delete(p)
    .where(and(eq(p.organizationId, set.orgId), inArray(sql`(${p.contactId}, ${p.provider})`, dropped)));
}

/** Billing's tables that name a contact, in the order a merge moves them. */
const TABLES = [
  contactContracts,
  contactInvoices,
  paymentCards,
  paymentCustomers,
  invoicePayments,
  billingEmails,
  paymentAuthorizations,
] as const;

/** Moves the duplicates' rows of `table` to the kept contact. */
async function moveRows<T extends PgTable & { organizationId: PgColumn; contactId: PgColumn }>(
  tx: Tx,
  table: T,
  set: MergeSet,
) {
  await tx
    .update(table as PgTable)
    .set({ contactId: set.primaryId } as never)
    .where(and(eq(table.organizationId, set.orgId), ofDuplicates(set, sql`${table.contactId}`)));
}

async function mergeBilling(tx: Tx, set: MergeSet): Promise<void> {
  await settleDefaultCards(tx, set);
  await settleProviderCustomers(tx, set);
  for (const table of TABLES) await moveRows(tx, table, set);
  // The duplicates' contracts and invoices now belong to the kept contact: its plan and payment
  // status follow them in the same transaction.
  await syncBillingState(tx, set.orgId, set.primaryId);
}

export const billingHooks: ContactHooks = {
  tables: Object.fromEntries(TABLES.map((t) => [getTableName(t), ['contact_id']])),
  uniqueKeys: {
    'payment_cards.payment_cards_default_uq': 'the kept contact’s default card stays the default',
    'payment_customers.payment_customers_organization_id_contact_id_provider_pk':
      'the kept contact’s provider customer stays; a duplicate’s is dropped (its cards keep their customer_ref)',
  },
  merge: mergeBilling,
};
