import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
import { planAndStatusUpdate } from '../../contacts/index.ts';

// The statement behind billing-state.ts: a contact's plan and payment status computed from their
// contracts and invoices and written in one statement, for one contact or a runner's batch. See
// README.md for the figure it holds.

export interface SyncedState {
  id: string;
  plan: string | null;
  paymentStatus: 'none' | 'past_due' | 'frozen';
  changed: number;
}

/** "Today" of the contact's organisation, as a date (needs `o`, the organisations row). */
const TODAY = sql`(now() at time zone o.time_zone)::date`;

/** A due invoice `i` that reads as past due: its due date has passed, or a charge of it failed. */
const OVERDUE = sql`i.status = 'due' and (i.due_date < ${TODAY} or i.failed_attempts > 0)`;

/** Current-contract condition for contracts `k` of contact `c`. */
const CURRENT_CONTRACT = sql`k.organization_id = c.organization_id and k.contact_id = c.id
  and k.status in ('active', 'frozen') and (k.end_date is null or k.end_date >= ${TODAY})`;
const CURRENT_CONTRACT_ORDER = sql`(k.status = 'active') desc, k.start_date desc, k.created_at desc, k.id desc`;

/**
 * Recomputes and stores the state of the contacts matching `target` (a condition on contacts `c`)
 * in one statement; rows whose state did not change are not written, so the counts trigger only
 * moves for real changes. Answers the new state of each contact.
 * The write is contacts' own UPDATE (planAndStatusUpdate, SQL) run as a data-modifying CTE.
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

/** Recomputes and stores the state of the contacts matching `target` (a condition on contacts `c`). */
export const syncStatesWhere = (tx: Tx, target: SQL) => rows<SyncedState>(tx, syncSql(target));

/** The contacts whose state a sweep recomputes: those of `expired` contracts and those newly past due. */
export function sweepTarget(expired: readonly { organizationId: string; contactId: string }[]): SQL {
  return sql`(c.organization_id, c.id) in (
        select x."organizationId", x."contactId"
        from jsonb_to_recordset(${JSON.stringify(expired)}::jsonb) x("organizationId" uuid, "contactId" uuid)
        union
        select i.organization_id, i.contact_id from contact_invoices i
        join organizations o on o.id = i.organization_id
        join contacts c2 on c2.organization_id = i.organization_id and c2.id = i.contact_id
        where i.status = 'due' and i.due_date < ${TODAY} and c2.payment_status = 'none')`;
}

/** One contact. */
export const oneContact = (orgId: string, contactId: string) =>
  sql`c.organization_id = ${orgId} and c.id = ${contactId}`;

/** The contacts of a runner's batch, by organisation and id. */
export function batchTarget(contacts: readonly { organizationId: string; contactId: string }[]): SQL {
  const json = JSON.stringify(contacts.map((c) => ({ o: c.organizationId, c: c.contactId })));
  return sql`(c.organization_id, c.id) in (
      select x.o, x.c from jsonb_to_recordset(${json}::jsonb) x(o uuid, c uuid))`;
}
