import { type ContractCycle, upcomingInvoices } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { syncBillingStates } from '../billing-state.ts';
import { formatMoney, periodLabel } from '../billing-text.ts';
import { nextNumbers } from '../invoices.service.ts';
import { type RunScope, SLICE, yieldToRequests } from './run-scope.ts';

// Issuing the invoices whose day has come: every active contract whose next bill day is today or
// earlier on its organisation's calendar gets the invoice of each period due (a runner that was
// down catches up), marked to be charged at once, and its next bill day moves on. A batch is one
// short transaction; contracts are locked with SKIP LOCKED so two runners share the work, and the
// unique key on (contract, period) makes issuing a period twice impossible whoever tries.

interface DueContract {
  organization_id: string;
  id: string;
  contact_id: string;
  title: string;
  amount_cents: number;
  billing_interval: ContractCycle;
  sign_up_fee_cents: number;
  start_date: string;
  anchor_day: string | null;
  end_date: string | null;
  next_bill_day: string;
  today: string;
  billed_before: boolean;
}

interface NewInvoice {
  organization_id: string;
  id: string;
  contact_id: string;
  contract_id: string;
  number: number;
  description: string;
  amount_cents: number;
  due_date: string;
  period_start: string;
  period_end: string | null;
}

const day = (column: string) => sql`to_char(${sql.raw(column)}, 'YYYY-MM-DD')`;

function describe(c: DueContract, i: ReturnType<typeof upcomingInvoices>[number]): string {
  const parts = [`${c.title}: ${periodLabel(i.periodStart, i.periodEnd)}`];
  if (i.prorated) parts.push('(prorated)');
  if (i.signUpFeeCents > 0) parts.push(`+ sign-up fee ${formatMoney(i.signUpFeeCents)}`);
  return parts.join(' ');
}

/** Issues one batch; answers how many invoices it issued and whether contracts were left. */
export async function issueDueInvoices(
  db: Database,
  scope: RunScope,
): Promise<{ issued: number; more: boolean }> {
  const at = scope.now.toISOString();
  return db.transaction(async (tx) => {
    const due = await rows<DueContract>(
      tx,
      sql`select k.organization_id, k.id, k.contact_id, k.title, k.amount_cents, k.billing_interval,
            k.sign_up_fee_cents, ${day('k.start_date')} as start_date, ${day('k.anchor_day')} as anchor_day,
            ${day('k.end_date')} as end_date, ${day('k.next_bill_day')} as next_bill_day,
            to_char((${at}::timestamptz at time zone o.time_zone)::date, 'YYYY-MM-DD') as today,
            b.contract_id is not null as billed_before
          from contact_contracts k
          join organizations o on o.id = k.organization_id
          -- One index probe a contract: as an EXISTS, the planner (counting every contract due, not
          -- the batch) hashed all the invoices of every organisation for each batch.
          left join lateral (select i.contract_id from contact_invoices i
            where i.organization_id = k.organization_id and i.contract_id = k.id and i.period_start is not null
            limit 1) b on true
          where k.status = 'active' and k.next_bill_day is not null
            and k.next_bill_day <= (${at}::timestamptz at time zone o.time_zone)::date
            ${scope.organizationId ? sql`and k.organization_id = ${scope.organizationId}` : sql``}
            ${scope.contractId ? sql`and k.id = ${scope.contractId}` : sql``}
          order by k.next_bill_day
          limit ${scope.batchSize}
          for update of k skip locked`,
    );
    if (due.length === 0) return { issued: 0, more: false };
    const invoices: Omit<NewInvoice, 'number'>[] = [];
    const moves: { o: string; k: string; next: string | null }[] = [];
    for (const [n, c] of due.entries()) {
      if (n > 0 && n % SLICE === 0) await yieldToRequests();
      const periods = upcomingInvoices(
        {
          cycle: c.billing_interval,
          startDay: c.start_date,
          anchorDay: c.anchor_day,
          endDay: c.end_date,
          priceCents: Number(c.amount_cents),
          signUpFeeCents: Number(c.sign_up_fee_cents),
          nextBillDay: c.next_bill_day,
          billedBefore: c.billed_before,
        },
        400,
        { through: c.today },
      );
      const last = periods.at(-1);
      const next = c.billing_interval === 'one_time' || !last ? null : last.periodEnd;
      moves.push({
        o: c.organization_id,
        k: c.id,
        next: next && (!c.end_date || next <= c.end_date) ? next : null,
      });
      for (const p of periods) {
        if (p.amountCents <= 0) continue;
        invoices.push({
          organization_id: c.organization_id,
          id: newId(),
          contact_id: c.contact_id,
          contract_id: c.id,
          description: describe(c, p).slice(0, 300),
          amount_cents: p.amountCents,
          due_date: p.periodStart,
          period_start: p.periodStart,
          period_end: p.periodEnd,
        });
      }
    }
    const numbered = await number(tx, invoices);
    const issued = await insertInvoices(tx, numbered, at);
    await tx.execute(sql`update contact_contracts k set next_bill_day = x.next, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) x(o uuid, k uuid, next date)
      where k.organization_id = x.o and k.id = x.k`);
    const today = new Map(due.map((c) => [c.id, c.today]));
    // No timeline entry of its own: the charge that follows at once writes one (paid, failed or
    // not charged for want of a card), naming the invoice.
    // Periods caught up after the runner was down are already past due.
    await syncBillingStates(
      tx,
      issued
        .filter((i) => i.due_date < (today.get(i.contract_id) ?? i.due_date))
        .map((i) => ({ organizationId: i.organization_id, contactId: i.contact_id })),
    );
    return { issued: issued.length, more: due.length === scope.batchSize };
  });
}

/** Numbers each organisation's new invoices from one reservation of its counter. */
async function number(tx: Tx, invoices: Omit<NewInvoice, 'number'>[]): Promise<NewInvoice[]> {
  const byOrg = new Map<string, Omit<NewInvoice, 'number'>[]>();
  for (const i of invoices) {
    const list = byOrg.get(i.organization_id);
    if (list) list.push(i);
    else byOrg.set(i.organization_id, [i]);
  }
  const out: NewInvoice[] = [];
  for (const [orgId, list] of byOrg) {
    const first = await nextNumbers(tx, orgId, list.length);
    for (const [n, i] of list.entries()) out.push({ ...i, number: first + n });
  }
  return out;
}

async function insertInvoices(tx: Tx, invoices: NewInvoice[], at: string): Promise<NewInvoice[]> {
  if (invoices.length === 0) return [];
  return rows<NewInvoice>(
    tx,
    sql`insert into contact_invoices (organization_id, id, contact_id, contract_id, number, description,
          amount_cents, due_date, status, period_start, period_end, auto_charge, next_attempt_at)
        select organization_id, id, contact_id, contract_id, number, description, amount_cents, due_date, 'due',
          period_start, period_end, true, ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(invoices)}::jsonb) as x(organization_id uuid, id uuid,
          contact_id uuid, contract_id uuid, number integer, description text, amount_cents integer,
          due_date date, period_start date, period_end date)
        on conflict (organization_id, contract_id, period_start) where period_start is not null do nothing
        returning organization_id, id, contact_id, contract_id, number, description, amount_cents,
          to_char(due_date, 'YYYY-MM-DD') as due_date`,
  );
}
