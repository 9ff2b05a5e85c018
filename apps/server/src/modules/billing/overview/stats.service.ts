import {
  type FinanceStatsAnswer,
  financeStats,
  type InvoiceRecord,
  type InvoiceStatsAnswer,
  invoiceStats,
  type PastDueItem,
} from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { OVERDUE } from '../billing-state.ts';
import { invoiceNumber } from '../billing-text.ts';
import { totalPagesOf } from '../contracts.service.ts';

// The billing overview: invoice stats and finance statistics (platform §3) computed by the shared
// rules from each invoice and its payments, the money collected per month, and the past-due list.
// Invoices map to the rules' states: a due one is sent, a forfeited or fully refunded one is void
// (it owes nothing; what was collected on it still counts as collected); a paid one partly
// refunded stays paid (the refund is money given back, not owed again).

interface RecordRow {
  status: 'due' | 'paid' | 'forfeit' | 'refund';
  amount_cents: number;
  due_date: string;
  recurring: boolean;
  overdue: boolean;
  payments: { a: number; t: string }[] | string;
}

async function records(
  tx: Tx,
  orgId: string,
  contactId?: string,
): Promise<{ list: InvoiceRecord[]; zone: string }> {
  const found = await rows<RecordRow & { time_zone: string }>(
    tx,
    sql`select i.status, i.amount_cents, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
          (i.period_start is not null) as recurring, (i.status = 'due' and i.failed_attempts > 0) as overdue,
          o.time_zone,
          coalesce(
            (select json_agg(json_build_object(
                'a', case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end,
                't', ${isoText(sql`coalesce(p.settled_at, p.created_at)`)}))
             from invoice_payments p
             where p.organization_id = i.organization_id and p.invoice_id = i.id and p.status = 'succeeded'),
            -- Paid before payments were recorded one by one: the invoice's own amounts.
            case when i.paid_cents > 0 then json_build_array(
              json_build_object('a', i.paid_cents, 't', ${isoText(sql`coalesce(i.paid_at, i.updated_at)`)}),
              json_build_object('a', -i.refunded_cents, 't', ${isoText(sql`i.updated_at`)}))
            else '[]'::json end) as payments
        from contact_invoices i join organizations o on o.id = i.organization_id
        where i.organization_id = ${orgId} ${contactId ? sql`and i.contact_id = ${contactId}` : sql``}`,
  );
  const zone = found[0]?.time_zone ?? (await zoneOf(tx, orgId));
  const list = found.map((r): InvoiceRecord => {
    const payments = (typeof r.payments === 'string' ? JSON.parse(r.payments) : r.payments) as {
      a: number;
      t: string;
    }[];
    return {
      status: r.status === 'forfeit' || r.status === 'refund' ? 'void' : 'sent',
      amountCents: Number(r.amount_cents),
      dueDate: r.due_date,
      recurring: r.recurring,
      overdue: r.overdue,
      settled: r.status === 'paid',
      payments: payments
        .filter((p) => Number(p.a) !== 0)
        .map((p) => ({ amountCents: Number(p.a), paidAt: new Date(p.t) })),
    };
  });
  return { list, zone };
}

async function zoneOf(tx: Tx, orgId: string): Promise<string> {
  const [row] = await rows<{ time_zone: string }>(
    tx,
    sql`select time_zone from organizations where id = ${orgId}`,
  );
  return row?.time_zone ?? 'UTC';
}

export async function invoiceStatistics(
  tx: Tx,
  orgId: string,
  contactId: string | undefined,
  now = new Date(),
): Promise<InvoiceStatsAnswer> {
  const { list, zone } = await records(tx, orgId, contactId);
  return invoiceStats(list, now, zone);
}

export async function financeStatistics(
  tx: Tx,
  orgId: string,
  now = new Date(),
): Promise<FinanceStatsAnswer> {
  const { list, zone } = await records(tx, orgId);
  const months = await rows<{ month: string; collected: number; refunded: number }>(
    tx,
    sql`with m as (
          select to_char(date_trunc('month', (${now.toISOString()}::timestamptz at time zone ${zone}))
            - make_interval(months => n), 'YYYY-MM') as month
          from generate_series(0, 11) n)
        select m.month,
          coalesce(sum(p.amount_cents) filter (where p.kind = 'charge'), 0)::bigint as collected,
          coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::bigint as refunded
        from m left join invoice_payments p on p.organization_id = ${orgId} and p.status = 'succeeded'
          and to_char(coalesce(p.settled_at, p.created_at) at time zone ${zone}, 'YYYY-MM') = m.month
        group by m.month order by m.month`,
  );
  return {
    ...financeStats(list, now, zone),
    months: months.map((m) => ({
      month: m.month,
      collectedCents: Number(m.collected),
      refundedCents: Number(m.refunded),
    })),
  };
}

export async function pastDueInvoices(tx: Tx, orgId: string, page: number, pageSize: number) {
  const found = await rows<{
    id: string;
    number: number;
    contact_id: string;
    full_name: string;
    description: string;
    amount_cents: number;
    due_date: string;
    failed_attempts: number;
    next_attempt_at: string | null;
    last_failure_message: string | null;
    total: number;
    total_cents: number;
  }>(
    tx,
    sql`select i.id, i.number, i.contact_id, c.full_name, i.description, i.amount_cents,
          to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.failed_attempts,
          ${isoText(sql`i.next_attempt_at`)} as next_attempt_at, i.last_failure_message,
          count(*) over ()::int as total, sum(i.amount_cents) over ()::bigint as total_cents
        from contact_invoices i
        join organizations o on o.id = i.organization_id
        join contacts c on c.organization_id = i.organization_id and c.id = i.contact_id
        where i.organization_id = ${orgId} and ${OVERDUE}
        order by i.due_date, i.number
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const total = Number(found[0]?.total ?? 0);
  return {
    list: found.map(
      (r): PastDueItem => ({
        invoiceId: r.id,
        number: invoiceNumber(Number(r.number)),
        contactId: r.contact_id,
        contactName: r.full_name,
        description: r.description,
        amountCents: Number(r.amount_cents),
        dueDate: r.due_date,
        failedAttempts: Number(r.failed_attempts),
        nextAttemptAt: r.next_attempt_at,
        lastFailure: r.last_failure_message,
      }),
    ),
    totalCents: Number(found[0]?.total_cents ?? 0),
    pagination: { page, pageSize, total, totalPages: totalPagesOf(total, pageSize) },
  };
}
