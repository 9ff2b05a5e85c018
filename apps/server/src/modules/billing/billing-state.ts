import { and, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { rows } from '../../lib/sql.ts';
import { planAndStatusUpdate } from '../contacts/index.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contactContracts } from './billing.tables.ts';

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

/** "Today" of the contact's organisation, as a date (needs `o`, the organisations row). */
const TODAY = sql`(now() at time zone o.time_zone)::date`;

/** A due invoice `i` that reads as past due: its due date has passed, or a charge of it failed. */
export const OVERDUE = sql`i.status = 'due' and (i.due_date < ${TODAY} or i.failed_attempts > 0)`;

/** Current-contract condition for contracts `k` of contact `c`. */
export const CURRENT_CONTRACT = sql`k.organization_id = c.organization_id and k.contact_id = c.id
  and k.status in ('active', 'frozen') and (k.end_date is null or k.end_date >= ${TODAY})`;
export const CURRENT_CONTRACT_ORDER = sql`(k.status = 'active') desc, k.start_date desc, k.created_at desc, k.id desc`;

/**
 * Recomputes and stores the state of the contacts matching `target` (a condition on contacts `c`)
 * in one statement; rows whose state did not change are not written, so the counts trigger only
 * moves for real changes. Answers the new state of each contact. Raw: the write is contacts'
 * own UPDATE (planAndStatusUpdate, SQL) run as a data-modifying CTE, which the builder cannot hold.
 */
function syncSql(target: SQL): SQL {
  return sql`
    with s as (
      select c.organization_id, c.id, c.plan as old_plan, c.payment_status as old_status,
        cur.title, cur.status as cur_status,
        exists (select 1 from contact_contracts k
                where k.organization_id = c.organization_id and k.contact_id = c.id) as has_contracts,
        exists (select 1 from contact_invoices i
                where i.organization_id = c.organization_id and i.contact_id = c.id) as has_invoices,
        exists (select 1 from contact_invoices i
                where i.organization_id = c.organization_id and i.contact_id = c.id
                  and ${OVERDUE}) as overdue
      from contacts c
      join organizations o on o.id = c.organization_id
      left join lateral (
        select k.title, k.status from contact_contracts k
        where ${CURRENT_CONTRACT} order by ${CURRENT_CONTRACT_ORDER} limit 1
      ) cur on true
      where ${target}
    ),
    n as (
      select organization_id, id,
        case when has_contracts then title else old_plan end as plan,
        case when not has_contracts and not has_invoices then old_status
             when cur_status = 'frozen' then 'frozen'
             when overdue then 'past_due'
             else 'none' end as payment_status
      from s
    ),
    u as (${planAndStatusUpdate(sql`n`)})
    select id, plan, payment_status as "paymentStatus", (select count(*)::int from u) as changed from n`;
}

/** Brings one contact's plan and payment status in line with their contracts and invoices. */
export async function syncBillingState(tx: Tx, orgId: string, contactId: string): Promise<BillingState> {
  const [row] = await rows<BillingState>(
    tx,
    syncSql(sql`c.organization_id = ${orgId} and c.id = ${contactId}`),
  );
  return { plan: row?.plan ?? null, paymentStatus: row?.paymentStatus ?? 'none' };
}

/** The same for many contacts at once (the runner's batches); answers how many changed. */
export async function syncBillingStates(
  tx: Tx,
  contacts: readonly { organizationId: string; contactId: string }[],
): Promise<number> {
  if (contacts.length === 0) return 0;
  const json = JSON.stringify(contacts.map((c) => ({ o: c.organizationId, c: c.contactId })));
  const found = await rows<{ changed: number }>(
    tx,
    syncSql(sql`(c.organization_id, c.id) in (
      select x.o, x.c from jsonb_to_recordset(${json}::jsonb) x(o uuid, c uuid))`),
  );
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
    const touched = sql`(c.organization_id, c.id) in (
        select x."organizationId", x."contactId"
        from jsonb_to_recordset(${JSON.stringify(expired)}::jsonb) x("organizationId" uuid, "contactId" uuid)
        union
        select i.organization_id, i.contact_id from contact_invoices i
        join organizations o on o.id = i.organization_id
        join contacts c2 on c2.organization_id = i.organization_id and c2.id = i.contact_id
        where i.status = 'due' and i.due_date < ${TODAY} and c2.payment_status = 'none')`;
    const found = await rows<{ changed: number }>(tx, syncSql(touched));
    return { expired: expired.length, contacts: found[0]?.changed ?? 0 };
  });
}
