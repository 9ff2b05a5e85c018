import type { InvoiceAnswer, InvoiceStatus, InvoiceTotals } from '@opsuite/shared';
import { INVOICE_STATUSES } from '@opsuite/shared';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contactContracts, contactInvoices } from './billing.tables.ts';
import { invoiceNumber } from './billing-text.ts';

// Invoices as the API answers them: one row shape, the status as read (a due invoice past its due
// date, or with a failed charge, reads as past due) and the totals by status.

const i = contactInvoices;

/** One contact's invoice, by id, in the organisation: the key every invoice action looks up. */
export const invoiceOf = (orgId: string, contactId: string, id: string) =>
  and(eq(i.organizationId, orgId), eq(i.contactId, contactId), eq(i.id, id));

/** A due invoice that reads as past due: its due date has passed in the organisation's zone, or a charge failed. */
export const overdue = sql<boolean>`${i.status} = 'due'
  and (${i.dueDate} < (now() at time zone ${organizations.timeZone})::date or ${i.failedAttempts} > 0)`;

/** The status as read: due turns past due once the due date has passed or a charge failed. */
const effectiveStatus = sql<InvoiceStatus>`case when ${overdue} then 'past_due' else ${i.status} end`;

const INVOICE = {
  id: i.id,
  contactId: i.contactId,
  contractId: i.contractId,
  contractTitle: contactContracts.title,
  number: i.number,
  description: i.description,
  amountCents: i.amountCents,
  dueDate: i.dueDate,
  status: effectiveStatus,
  paidAt: i.paidAt,
  paymentMethod: i.paymentMethod,
  periodStart: i.periodStart,
  periodEnd: i.periodEnd,
  paidCents: i.paidCents,
  refundedCents: i.refundedCents,
  attemptCount: i.attemptCount,
  failedAttempts: i.failedAttempts,
  nextAttemptAt: i.nextAttemptAt,
  lastFailureCode: i.lastFailureCode,
  lastFailureMessage: i.lastFailureMessage,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
};

type InvoiceRow = Omit<typeof contactInvoices.$inferSelect, 'status'> & {
  status: InvoiceStatus;
  contractTitle: string | null;
};

export const toInvoiceAnswer = (r: Pick<InvoiceRow, keyof typeof INVOICE>): InvoiceAnswer => ({
  _id: r.id,
  contactId: r.contactId,
  contractId: r.contractId,
  contractTitle: r.contractTitle,
  number: invoiceNumber(r.number),
  description: r.description,
  amountCents: r.amountCents,
  dueDate: r.dueDate,
  status: r.status,
  paidAt: r.paidAt?.toISOString() ?? null,
  paymentMethod: r.paymentMethod,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  paidCents: r.paidCents,
  refundedCents: r.refundedCents,
  attemptCount: r.attemptCount,
  failedAttempts: r.failedAttempts,
  nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
  lastFailure:
    r.lastFailureCode && (r.status === 'due' || r.status === 'past_due')
      ? { code: r.lastFailureCode, message: r.lastFailureMessage ?? r.lastFailureCode }
      : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The refund filter lists every invoice with money refunded (in part or in full). */
const statusFilter = (status: InvoiceStatus) =>
  status === 'refund' ? gt(i.refundedCents, 0) : sql`${effectiveStatus} = ${status}`;

export function invoiceRows(
  tx: Queryable,
  orgId: string,
  contactId: string,
  filter: { id: string } | { status?: InvoiceStatus; limit: number; offset: number },
) {
  const one = 'id' in filter;
  const query = tx
    .select(INVOICE)
    .from(i)
    .innerJoin(organizations, eq(organizations.id, i.organizationId))
    .leftJoin(contactContracts, tenantJoin(contactContracts, i, eq(contactContracts.id, i.contractId)))
    .where(
      and(
        eq(i.organizationId, orgId),
        eq(i.contactId, contactId),
        one ? eq(i.id, filter.id) : undefined,
        !one && filter.status ? statusFilter(filter.status) : undefined,
      ),
    )
    .orderBy(desc(i.dueDate), desc(i.number))
    .$dynamic();
  return one ? query : query.limit(filter.limit).offset(filter.offset);
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
  const hits = await tx
    .select({
      status: effectiveStatus,
      n: count(),
      amount: sql<number>`coalesce(sum(${i.amountCents}), 0)::bigint`.mapWith(Number),
      refundedN: sql<number>`(count(*) filter (where ${i.refundedCents} > 0))::int`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${i.refundedCents}), 0)::bigint`.mapWith(Number),
    })
    .from(i)
    .innerJoin(organizations, eq(organizations.id, i.organizationId))
    .where(and(eq(i.organizationId, orgId), eq(i.contactId, contactId)))
    .groupBy(sql`1`);
  const totals = Object.fromEntries(
    INVOICE_STATUSES.map((s) => [s, { count: 0, amountCents: 0 }]),
  ) as InvoiceTotals;
  let all = 0;
  for (const r of hits) {
    all += r.n;
    if (r.status !== 'refund') totals[r.status] = { count: r.n, amountCents: r.amount };
    totals.refund.count += r.refundedN;
    totals.refund.amountCents += r.refunded;
  }
  return { totals, all };
}
