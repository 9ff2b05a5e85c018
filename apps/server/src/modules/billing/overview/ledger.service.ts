import type { BillingEmailAnswer } from '@opsuite/shared';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactInvoices } from '../billing.tables.ts';
import { invoiceNumber } from '../billing-text.ts';
import { billingEmails as emails, invoicePayments } from '../charges/charges.tables.ts';
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
  const p = invoicePayments;
  const i = contactInvoices;
  const day = sql`(${p.createdAt} at time zone ${organizations.timeZone})::date`;
  const found = await tx
    .select({
      at: p.createdAt,
      number: i.number,
      fullName: contacts.fullName,
      kind: p.kind,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      feeCents: p.feeCents,
      refundedCents: p.refundedCents,
      cardLabel: p.cardLabel,
      attempt: p.attempt,
      source: p.source,
      failureMessage: p.failureMessage,
      providerRef: p.providerRef,
    })
    .from(p)
    .innerJoin(organizations, eq(organizations.id, p.organizationId))
    .innerJoin(i, tenantJoin(i, p, eq(i.id, p.invoiceId)))
    .innerJoin(contacts, tenantJoin(contacts, p, eq(contacts.id, p.contactId)))
    .where(
      and(
        eq(p.organizationId, orgId),
        from ? gte(day, sql`${from}::date`) : undefined,
        to ? lte(day, sql`${to}::date`) : undefined,
      ),
    )
    .orderBy(asc(p.createdAt), asc(p.id));
  const lines = [HEADER.join(',')];
  for (const r of found) {
    lines.push(
      [
        r.at.toISOString(),
        invoiceNumber(r.number),
        r.fullName,
        r.kind,
        r.method,
        r.status,
        dollars(r.amountCents),
        dollars(r.feeCents),
        dollars(r.refundedCents),
        r.cardLabel,
        r.attempt,
        r.source,
        r.failureMessage,
        r.providerRef,
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
  const found = await tx
    .select({
      id: emails.id,
      contactId: emails.contactId,
      kind: emails.kind,
      toAddress: emails.toAddress,
      subject: emails.subject,
      body: emails.body,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(emails)
    .where(
      and(
        eq(emails.organizationId, orgId),
        query.contactId ? eq(emails.contactId, query.contactId) : undefined,
      ),
    )
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = found[0]?.total ?? 0;
  return {
    list: found.map(
      (r): BillingEmailAnswer => ({
        _id: r.id,
        contactId: r.contactId,
        kind: r.kind,
        to: r.toAddress,
        subject: r.subject,
        text: r.body,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
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
