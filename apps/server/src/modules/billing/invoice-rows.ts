import type { InvoiceAnswer, InvoiceStatus, InvoiceTotals } from '@opsuite/shared';
import { INVOICE_STATUSES } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isoText, rows } from '../../lib/sql.ts';
import { invoiceNumber } from './billing-text.ts';

// Invoices as the API answers them: one row shape, the status as read (a due invoice past its due
// date, or with a failed charge, reads as past due) and the totals by status.

interface InvoiceRow {
  id: string;
  contact_id: string;
  contract_id: string | null;
  contract_title: string | null;
  number: number;
  description: string;
  amount_cents: number;
  due_date: string;
  status: InvoiceStatus;
  paid_at: string | null;
  payment_method: InvoiceAnswer['paymentMethod'];
  period_start: string | null;
  period_end: string | null;
  paid_cents: number;
  refunded_cents: number;
  attempt_count: number;
  failed_attempts: number;
  next_attempt_at: string | null;
  last_failure_code: string | null;
  last_failure_message: string | null;
  created_at: string;
  updated_at: string;
}

export const toInvoiceAnswer = (r: InvoiceRow): InvoiceAnswer => ({
  _id: r.id,
  contactId: r.contact_id,
  contractId: r.contract_id,
  contractTitle: r.contract_title,
  number: invoiceNumber(Number(r.number)),
  description: r.description,
  amountCents: Number(r.amount_cents),
  dueDate: r.due_date,
  status: r.status,
  paidAt: r.paid_at,
  paymentMethod: r.payment_method,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  paidCents: Number(r.paid_cents),
  refundedCents: Number(r.refunded_cents),
  attemptCount: Number(r.attempt_count),
  failedAttempts: Number(r.failed_attempts),
  nextAttemptAt: r.next_attempt_at,
  lastFailure:
    r.last_failure_code && (r.status === 'due' || r.status === 'past_due')
      ? { code: r.last_failure_code, message: r.last_failure_message ?? r.last_failure_code }
      : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The status as read: due turns past due once the due date has passed or a charge failed. */
export const EFFECTIVE_STATUS = sql`case when i.status = 'due' and
  (i.due_date < (now() at time zone o.time_zone)::date or i.failed_attempts > 0)
  then 'past_due' else i.status end`;

/** The refund filter lists every invoice with money refunded (in part or in full). */
const statusFilter = (status: InvoiceStatus) =>
  status === 'refund' ? sql`where x.refunded_cents > 0` : sql`where x.status = ${status}`;

export function invoiceRows(
  tx: Tx,
  orgId: string,
  contactId: string,
  filter: { id: string } | { status?: InvoiceStatus; limit: number; offset: number },
) {
  const one = 'id' in filter;
  return rows<InvoiceRow>(
    tx,
    sql`select * from (
          select i.id, i.contact_id, i.contract_id, k.title as contract_title, i.number, i.description,
            i.amount_cents, to_char(i.due_date, 'YYYY-MM-DD') as due_date, ${EFFECTIVE_STATUS} as status,
            ${isoText(sql`i.paid_at`)} as paid_at, i.payment_method,
            to_char(i.period_start, 'YYYY-MM-DD') as period_start, to_char(i.period_end, 'YYYY-MM-DD') as period_end,
            i.paid_cents, i.refunded_cents, i.attempt_count, i.failed_attempts,
            ${isoText(sql`i.next_attempt_at`)} as next_attempt_at, i.last_failure_code, i.last_failure_message,
            ${isoText(sql`i.created_at`)} as created_at, ${isoText(sql`i.updated_at`)} as updated_at,
            i.created_at as created_ts
          from contact_invoices i
          join organizations o on o.id = i.organization_id
          left join contact_contracts k on k.organization_id = i.organization_id and k.id = i.contract_id
          where i.organization_id = ${orgId} and i.contact_id = ${contactId}
            ${one ? sql`and i.id = ${filter.id}` : sql``}
        ) x
        ${!one && filter.status ? statusFilter(filter.status) : sql``}
        order by x.due_date desc, x.number desc
        ${one ? sql`` : sql`limit ${filter.limit} offset ${filter.offset}`}`,
  );
}

export async function oneInvoice(tx: Tx, orgId: string, contactId: string, id: string) {
  const [row] = await invoiceRows(tx, orgId, contactId, { id });
  if (!row) throw notFound('Invoice');
  return toInvoiceAnswer(row);
}

/**
 * Count and amount per status, every status present, and the number of invoices. The refund
 * total counts every invoice with money refunded (a partial refund leaves the invoice paid) and
 * sums the amounts refunded.
 */
export async function totalsOf(
  tx: Tx,
  orgId: string,
  contactId: string,
): Promise<{ totals: InvoiceTotals; all: number }> {
  const hits = await rows<{
    status: InvoiceStatus;
    n: number;
    amount: number;
    refunded_n: number;
    refunded: number;
  }>(
    tx,
    sql`select ${EFFECTIVE_STATUS} as status, count(*)::int as n, coalesce(sum(i.amount_cents), 0)::bigint as amount,
          (count(*) filter (where i.refunded_cents > 0))::int as refunded_n,
          coalesce(sum(i.refunded_cents), 0)::bigint as refunded
        from contact_invoices i join organizations o on o.id = i.organization_id
        where i.organization_id = ${orgId} and i.contact_id = ${contactId}
        group by 1`,
  );
  const totals = Object.fromEntries(
    INVOICE_STATUSES.map((s) => [s, { count: 0, amountCents: 0 }]),
  ) as InvoiceTotals;
  let all = 0;
  for (const r of hits) {
    all += Number(r.n);
    if (r.status !== 'refund') totals[r.status] = { count: Number(r.n), amountCents: Number(r.amount) };
    totals.refund.count += Number(r.refunded_n);
    totals.refund.amountCents += Number(r.refunded);
  }
  return { totals, all };
}
