import type { BillingEmailAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { invoiceNumber } from '../billing-text.ts';
import { totalPagesOf } from '../contracts.service.ts';

// The organisation's records of money and messages: the payments as CSV (every charge attempt
// and refund, by the day it happened on the organisation's calendar) and the billing e-mails.

/** CSV cell: quoted when needed, and never starting like a spreadsheet formula. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = [
  'Date',
  'Invoice',
  'Contact',
  'Kind',
  'Method',
  'Status',
  'Amount',
  'Fee',
  'Refunded',
  'Card',
  'Attempt',
  'Source',
  'Failure',
  'Provider reference',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function paymentsCsv(tx: Tx, orgId: string, from?: string, to?: string): Promise<string> {
  const found = await rows<{
    at: string;
    number: number;
    full_name: string;
    kind: string;
    method: string;
    status: string;
    amount_cents: number;
    fee_cents: number;
    refunded_cents: number;
    card_label: string | null;
    attempt: number | null;
    source: string;
    failure_message: string | null;
    provider_ref: string | null;
  }>(
    tx,
    sql`select ${isoText(sql`p.created_at`)} as at, i.number, c.full_name, p.kind, p.method, p.status,
          p.amount_cents, p.fee_cents, p.refunded_cents, p.card_label, p.attempt, p.source, p.failure_message,
          p.provider_ref
        from invoice_payments p
        join organizations o on o.id = p.organization_id
        join contact_invoices i on i.organization_id = p.organization_id and i.id = p.invoice_id
        join contacts c on c.organization_id = p.organization_id and c.id = p.contact_id
        where p.organization_id = ${orgId}
          ${from ? sql`and (p.created_at at time zone o.time_zone)::date >= ${from}::date` : sql``}
          ${to ? sql`and (p.created_at at time zone o.time_zone)::date <= ${to}::date` : sql``}
        order by p.created_at, p.id`,
  );
  const lines = [HEADER.join(',')];
  for (const r of found) {
    lines.push(
      [
        r.at,
        invoiceNumber(Number(r.number)),
        r.full_name,
        r.kind,
        r.method,
        r.status,
        dollars(Number(r.amount_cents)),
        dollars(Number(r.fee_cents)),
        dollars(Number(r.refunded_cents)),
        r.card_label,
        r.attempt,
        r.source,
        r.failure_message,
        r.provider_ref,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function billingEmails(
  tx: Tx,
  orgId: string,
  query: { contactId?: string; page: number; pageSize: number },
) {
  const found = await rows<{
    id: string;
    contact_id: string | null;
    kind: string;
    to_address: string;
    subject: string;
    body: string;
    created_at: string;
    sent_at: string | null;
    total: number;
  }>(
    tx,
    sql`select id, contact_id, kind, to_address, subject, body, ${isoText(sql`created_at`)} as created_at,
          ${isoText(sql`sent_at`)} as sent_at, count(*) over ()::int as total
        from billing_emails
        where organization_id = ${orgId} ${query.contactId ? sql`and contact_id = ${query.contactId}` : sql``}
        order by created_at desc, id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const total = Number(found[0]?.total ?? 0);
  return {
    list: found.map(
      (r): BillingEmailAnswer => ({
        _id: r.id,
        contactId: r.contact_id,
        kind: r.kind,
        to: r.to_address,
        subject: r.subject,
        text: r.body,
        createdAt: r.created_at,
        sentAt: r.sent_at,
      }),
    ),
    pagination: {
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalPages: totalPagesOf(total, query.pageSize),
    },
  };
}
