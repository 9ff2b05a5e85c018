import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contactContracts } from './billing.tables.ts';
import { batchTarget, oneContact, sweepTarget, syncStatesWhere } from './fast/state-sync.ts';

// A contact's `plan` and `payment_status` (the contacts list filters, the past-due count) follow
// their contracts and invoices (computed here, written through contacts' planAndStatusUpdate):
// - current contract: an active or frozen contract whose end date has not passed; an active one
//   wins over a frozen one, then the latest start. plan = its title (null when the contact has
//   contracts but none is current; a contact without any contract keeps the plan it was given).
// - payment status: frozen when the current contract is frozen; otherwise past_due when a due
//   invoice's due date has passed in the organisation's time zone or a card charge of it failed;
//   otherwise none. A contact without contracts or invoices keeps the status it was given.
// Writes run `syncBillingState` in their own transaction; the sweep below catches what only the
// passing of time changes (an invoice falling due, a contract reaching its end date).

export interface BillingState {
  plan: string | null;
  paymentStatus: 'none' | 'past_due' | 'frozen';
}

/** Brings one contact's plan and payment status in line with their contracts and invoices. */
export async function syncBillingState(tx: Tx, orgId: string, contactId: string): Promise<BillingState> {
  const [row] = await syncStatesWhere(tx, oneContact(orgId, contactId));
  return { plan: row?.plan ?? null, paymentStatus: row?.paymentStatus ?? 'none' };
}

/** The same for many contacts at once (the runner's batches); answers how many changed. */
export async function syncBillingStates(
  tx: Tx,
  contacts: readonly { organizationId: string; contactId: string }[],
): Promise<number> {
  if (contacts.length === 0) return 0;
  const found = await syncStatesWhere(tx, batchTarget(contacts));
  return Number(found[0]?.changed ?? 0);
}

/**
 * What time alone changes, for every organisation (run outside tenant context): contracts whose
 * end date has passed become expired, and the contacts concerned (those plus contacts with an
 * invoice that fell past due) get their state recomputed. Reads only open contracts with an end
 * date and due invoices past their date, through partial indexes.
 */
export async function sweepBillingStates(db: Database): Promise<{ expired: number; contacts: number }> {
  return db.transaction(async (tx) => {
    const k = contactContracts;
    // A contract cancelled at period end reads as cancelled once its paid period is over.
    const expired = await tx
      .update(k)
      .set({
        status: sql`case when ${k.cancelRequestedAt} is null then 'expired' else 'cancelled' end`,
        nextBillDay: null,
        updatedAt: sql`now()`,
      })
      .from(organizations)
      .where(
        and(
          eq(organizations.id, k.organizationId),
          inArray(k.status, ['active', 'frozen']),
          isNotNull(k.endDate),
          lt(k.endDate, sql`(now() at time zone ${organizations.timeZone})::date`),
        ),
      )
      .returning({ organizationId: k.organizationId, contactId: k.contactId });
    const found = await syncStatesWhere(tx, sweepTarget(expired));
    return { expired: expired.length, contacts: found[0]?.changed ?? 0 };
  });
}
