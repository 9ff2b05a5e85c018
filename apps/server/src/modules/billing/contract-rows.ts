import type { ContractAnswer, ContractStatus } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isoText, rows } from '../../lib/sql.ts';
import { CURRENT_CONTRACT, CURRENT_CONTRACT_ORDER } from './billing-state.ts';

// Contracts as the API answers them: one statement reads a page of a contact's contracts (or
// one), marks the current one, counts invoices and names the freeze holding a frozen one.

interface ContractRow {
  id: string;
  contact_id: string;
  title: string;
  start_date: string;
  end_date: string | null;
  amount_cents: number;
  billing_interval: ContractAnswer['billingInterval'];
  status: ContractStatus;
  notes: string | null;
  is_current: boolean;
  invoice_count: number;
  sign_up_fee_cents: number;
  anchor_day: string;
  next_bill_day: string | null;
  cancels_on: string | null;
  freeze_start: string | null;
  freeze_end: string | null;
  created_at: string;
  updated_at: string;
}

const toAnswer = (r: ContractRow): ContractAnswer => ({
  _id: r.id,
  contactId: r.contact_id,
  title: r.title,
  startDate: r.start_date,
  endDate: r.end_date,
  amountCents: Number(r.amount_cents),
  billingInterval: r.billing_interval,
  status: r.status,
  notes: r.notes,
  isCurrent: r.is_current,
  invoiceCount: Number(r.invoice_count),
  signUpFeeCents: Number(r.sign_up_fee_cents),
  anchorDay: r.anchor_day,
  nextBillDay: r.next_bill_day,
  cancelsOn: r.cancels_on,
  freeze: r.status === 'frozen' && r.freeze_start ? { start: r.freeze_start, end: r.freeze_end } : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const day = (column: string) => sql`to_char(${sql.raw(column)}, 'YYYY-MM-DD')`;

/** One statement: the contact's contracts (a page, or one by id) with the current one marked. */
export function contractRows(
  tx: Tx,
  orgId: string,
  contactId: string,
  page: { limit: number; offset: number } | string,
) {
  const one = typeof page === 'string';
  return rows<ContractRow>(
    tx,
    sql`with c as (select organization_id, id from contacts where organization_id = ${orgId} and id = ${contactId}),
        cur as (
          select k.id from contact_contracts k, c join organizations o on o.id = c.organization_id
          where ${CURRENT_CONTRACT} order by ${CURRENT_CONTRACT_ORDER} limit 1)
        select k.id, k.contact_id, k.title, ${day('k.start_date')} as start_date,
          ${day('k.end_date')} as end_date, k.amount_cents, k.billing_interval, k.status, k.notes,
          coalesce(k.id = (select id from cur), false) as is_current,
          (select count(*)::int from contact_invoices i
           where i.organization_id = k.organization_id and i.contract_id = k.id) as invoice_count,
          k.sign_up_fee_cents, to_char(coalesce(k.anchor_day, k.start_date), 'YYYY-MM-DD') as anchor_day,
          ${day('k.next_bill_day')} as next_bill_day,
          case when k.cancel_requested_at is not null and k.status in ('active', 'frozen')
            then ${day('k.end_date')} end as cancels_on,
          ${day('f.start_day')} as freeze_start, ${day('f.end_day')} as freeze_end,
          ${isoText(sql`k.created_at`)} as created_at, ${isoText(sql`k.updated_at`)} as updated_at
        from contact_contracts k
        left join lateral (
          select f.start_day, f.end_day from contract_freezes f
          where f.organization_id = k.organization_id and f.contract_id = k.id and f.thawed_on is null
          order by f.start_day desc limit 1) f on k.status = 'frozen'
        where k.organization_id = ${orgId} and k.contact_id = ${contactId}
          ${one ? sql`and k.id = ${page}` : sql``}
        order by k.start_date desc, k.created_at desc, k.id desc
        ${one ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`,
  );
}

export async function oneContract(tx: Tx, orgId: string, contactId: string, id: string) {
  const [row] = await contractRows(tx, orgId, contactId, id);
  if (!row) throw notFound('Contract');
  return toAnswer(row);
}

export const toContractAnswer = toAnswer;
