import { and, eq, getTableName, sql } from 'drizzle-orm';
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
  // Raw: ranks the set's default cards (row_number() over contacts' merge order, itself SQL).
  await tx.execute(sql`update payment_cards set is_default = false, updated_at = now()
    where organization_id = ${set.orgId} and id in (
      select id from (
        select id, row_number() over (order by ${mergeRank(set, sql`contact_id`)}, created_at, id) as rn
        from payment_cards
        where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)} and is_default
      ) ranked where rn > 1)`);
}

/**
 * One provider customer per provider: the best-ranked contact's stays as the contact's customer.
 * The duplicates' cards move without it and stay usable at the provider: each card keeps the
 * customer it is attached to there (payment_cards.customer_ref), and every card call goes to it.
 */
async function settleProviderCustomers(tx: Tx, set: MergeSet) {
  // Raw: DELETE ... USING a ranked subquery (row_number() per provider); the builder has no USING.
  await tx.execute(sql`delete from payment_customers p using (
      select contact_id, provider, row_number() over (
        partition by provider order by ${mergeRank(set, sql`contact_id`)}) as rn
      from payment_customers where organization_id = ${set.orgId} and ${inMergeSet(set, sql`contact_id`)}
    ) ranked
    where p.organization_id = ${set.orgId} and p.contact_id = ranked.contact_id
      and p.provider = ranked.provider and ranked.rn > 1`);
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
