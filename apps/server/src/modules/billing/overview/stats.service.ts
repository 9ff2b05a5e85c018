import {
  type FinanceStatsAnswer,
  financeStats,
  type InvoiceRecord,
  type InvoiceStatsAnswer,
  invoiceStats,
  isoDateInZone,
  lastTwelveMonths,
  type PastDueItem,
} from '@opsuite/shared';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { isoText } from '../../../lib/sql.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactInvoices } from '../billing.tables.ts';
import { invoiceNumber } from '../billing-text.ts';
import { invoicePayments } from '../charges/charges.tables.ts';
import { totalPagesOf } from '../contracts.service.ts';
import { overdue } from '../invoice-rows.ts';

// The billing overview: invoice stats and finance statistics computed by the shared
// rules from each invoice and its payments, the money collected per month, and the past-due list.
// Invoices map to the rules' states: a due one is sent, a forfeited or fully refunded one is void
// (it owes nothing; what was collected on it still counts as collected); a paid one partly
// refunded stays paid (the refund is money given back, not owed again).

async function records(
  tx: Tx,
  orgId: string,
  contactId?: string,
): Promise<{ list: InvoiceRecord[]; zone: string }> {
  const i = contactInvoices;
  const p = invoicePayments;
  const found = await tx
    .select({
      status: i.status,
      amountCents: i.amountCents,
      dueDate: i.dueDate,
      recurring: sql<boolean>`${i.periodStart} is not null`,
      overdue: sql<boolean>`${i.status} = 'due' and ${i.failedAttempts} > 0`,
      timeZone: organizations.timeZone,
      // Each invoice's money in and out, as JSON: what was collected and given back, and when.
      payments: sql<{ a: number; t: string }[] | string>`coalesce(
        (select json_agg(json_build_object(
            'a', case when ${p.kind} = 'refund' then -${p.amountCents} else ${p.amountCents} end,
            't', ${isoText(sql`coalesce(${p.settledAt}, ${p.createdAt})`)}))
         from ${p}
         where ${p.organizationId} = ${i.organizationId} and ${p.invoiceId} = ${i.id} and ${p.status} = 'succeeded'),
        -- Paid before payments were recorded one by one: the invoice's own amounts.
        case when ${i.paidCents} > 0 then json_build_array(
          json_build_object('a', ${i.paidCents}, 't', ${isoText(sql`coalesce(${i.paidAt}, ${i.updatedAt})`)}),
          json_build_object('a', -${i.refundedCents}, 't', ${isoText(sql`${i.updatedAt}`)}))
        else '[]'::json end)`,
    })
    .from(i)
    .innerJoin(organizations, eq(organizations.id, i.organizationId))
    .where(and(eq(i.organizationId, orgId), contactId ? eq(i.contactId, contactId) : undefined));
  const zone = found[0]?.timeZone ?? (await zoneOf(tx, orgId));
  const list = found.map((r): InvoiceRecord => {
    const payments = (typeof r.payments === 'string' ? JSON.parse(r.payments) : r.payments) as {
      a: number;
      t: string;
    }[];
    return {
      status: r.status === 'forfeit' || r.status === 'refund' ? 'void' : 'sent',
      amountCents: r.amountCents,
      dueDate: r.dueDate,
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
  const [row] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.timeZone ?? 'UTC';
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
  const months = lastTwelveMonths(isoDateInZone(now, zone));
  const p = invoicePayments;
  const month = sql<string>`to_char(coalesce(${p.settledAt}, ${p.createdAt}) at time zone ${zone}, 'YYYY-MM')`;
  const sums = await tx
    .select({
      month,
      collected: sql<string>`coalesce(sum(${p.amountCents}) filter (where ${p.kind} = 'charge'), 0)::bigint`,
      refunded: sql<string>`coalesce(sum(${p.amountCents}) filter (where ${p.kind} = 'refund'), 0)::bigint`,
    })
    .from(p)
    .where(and(eq(p.organizationId, orgId), eq(p.status, 'succeeded'), gte(month, months[0]!)))
    // By position: the zone is bound as a parameter in each place, so the two texts differ.
    .groupBy(sql`1`);
  const byMonth = new Map(sums.map((m) => [m.month, m]));
  return {
    ...financeStats(list, now, zone),
    months: months.map((m) => ({
      month: m,
      collectedCents: Number(byMonth.get(m)?.collected ?? 0),
      refundedCents: Number(byMonth.get(m)?.refunded ?? 0),
    })),
  };
}

export async function pastDueInvoices(tx: Tx, orgId: string, page: number, pageSize: number) {
  const i = contactInvoices;
  const found = await tx
    .select({
      id: i.id,
      number: i.number,
      contactId: i.contactId,
      fullName: contacts.fullName,
      description: i.description,
      amountCents: i.amountCents,
      dueDate: i.dueDate,
      failedAttempts: i.failedAttempts,
      nextAttemptAt: i.nextAttemptAt,
      lastFailureMessage: i.lastFailureMessage,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      totalCents: sql<number>`sum(${i.amountCents}) over ()`.mapWith(Number),
    })
    .from(i)
    .innerJoin(organizations, eq(organizations.id, i.organizationId))
    .innerJoin(contacts, tenantJoin(contacts, i, eq(contacts.id, i.contactId)))
    .where(and(eq(i.organizationId, orgId), overdue))
    .orderBy(asc(i.dueDate), asc(i.number))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = found[0]?.total ?? 0;
  return {
    list: found.map(
      (r): PastDueItem => ({
        invoiceId: r.id,
        number: invoiceNumber(r.number),
        contactId: r.contactId,
        contactName: r.fullName,
        description: r.description,
        amountCents: r.amountCents,
        dueDate: r.dueDate,
        failedAttempts: r.failedAttempts,
        nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
        lastFailure: r.lastFailureMessage,
      }),
    ),
    totalCents: found[0]?.totalCents ?? 0,
    pagination: { page, pageSize, total, totalPages: totalPagesOf(total, pageSize) },
  };
}
