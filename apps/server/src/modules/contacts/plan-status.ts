import { type SQL, sql } from 'drizzle-orm';

// A contact's `plan` and `payment_status` (the list's filters, the past-due count) are computed by
// billing from contracts and invoices and written by contacts: billing puts this statement part
// into its own one statement, after the CTE that computes them.

/**
 * An UPDATE (a CTE body) that stores each contact's plan and payment status from `states`, a CTE
 * of (organization_id, id, plan, payment_status). Rows whose values do not change are not written,
 * so the counts triggers move only for real changes. Answers the ids written.
 */
export const planAndStatusUpdate = (states: SQL) => sql`
  update contacts c set plan = n.plan, payment_status = n.payment_status, updated_at = now()
  from ${states} n
  where c.organization_id = n.organization_id and c.id = n.id
    and (c.plan is distinct from n.plan or c.payment_status <> n.payment_status)
  returning c.id`;

/**
 * A contact's membership status as the front desk shows it (rules/membership-status.ts), as a SQL
 * expression over contacts row alias `c`: a frozen or past-due payment first, then plan or none.
 */
export const membershipStatusSql = (c: string) => `case
    when ${c}.payment_status = 'frozen' then 'frozen'
    when ${c}.payment_status = 'past_due' then 'past_due'
    when coalesce(${c}.plan, '') <> '' then 'active'
    else 'no_plan' end`;
