import type { ContractAnswer } from '@opsuite/shared';
import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { contactContracts, contactInvoices, contractFreezes } from './billing.tables.ts';

// Contracts as the API answers them: one statement reads a page of a contact's contracts (or
// one), marks the current one, counts invoices and names the freeze holding a frozen one.

/** The contract columns the answer is built from. */
const CONTRACT = {
  id: contactContracts.id,
  contactId: contactContracts.contactId,
  title: contactContracts.title,
  startDate: contactContracts.startDate,
  endDate: contactContracts.endDate,
  amountCents: contactContracts.amountCents,
  billingInterval: contactContracts.billingInterval,
  status: contactContracts.status,
  notes: contactContracts.notes,
  signUpFeeCents: contactContracts.signUpFeeCents,
  anchorDay: contactContracts.anchorDay,
  nextBillDay: contactContracts.nextBillDay,
  cancelRequestedAt: contactContracts.cancelRequestedAt,
  createdAt: contactContracts.createdAt,
  updatedAt: contactContracts.updatedAt,
};

type ContractRow = Pick<typeof contactContracts.$inferSelect, keyof typeof CONTRACT> & {
  isCurrent: boolean;
  invoiceCount: number;
  freezeStart: string | null;
  freezeEnd: string | null;
};

const toAnswer = (r: ContractRow): ContractAnswer => ({
  _id: r.id,
  contactId: r.contactId,
  title: r.title,
  startDate: r.startDate,
  endDate: r.endDate,
  amountCents: r.amountCents,
  billingInterval: r.billingInterval,
  status: r.status,
  notes: r.notes,
  isCurrent: r.isCurrent,
  invoiceCount: r.invoiceCount,
  signUpFeeCents: r.signUpFeeCents,
  anchorDay: r.anchorDay ?? r.startDate,
  nextBillDay: r.nextBillDay,
  cancelsOn: r.cancelRequestedAt && (r.status === 'active' || r.status === 'frozen') ? r.endDate : null,
  freeze: r.status === 'frozen' && r.freezeStart ? { start: r.freezeStart, end: r.freezeEnd } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The contact's current contract (the rule of billing-state.ts): active or frozen and not past
 * its end date in the organisation's zone; an active one first, then the latest start.
 */
function currentContract(tx: Queryable, orgId: string, contactId: string) {
  const cur = alias(contactContracts, 'cur');
  const today = sql`(now() at time zone ${organizations.timeZone})::date`;
  return tx
    .select({ id: cur.id })
    .from(cur)
    .innerJoin(organizations, eq(organizations.id, cur.organizationId))
    .where(
      and(
        eq(cur.organizationId, orgId),
        eq(cur.contactId, contactId),
        inArray(cur.status, ['active', 'frozen']),
        or(isNull(cur.endDate), gte(cur.endDate, today)),
      ),
    )
    .orderBy(desc(sql`${cur.status} = 'active'`), desc(cur.startDate), desc(cur.createdAt), desc(cur.id))
    .limit(1);
}

/** One contact's contract, by id, in the organisation: the key every contract action looks up. */
export const contractOf = (orgId: string, contactId: string, id: string) =>
  and(
    eq(contactContracts.organizationId, orgId),
    eq(contactContracts.contactId, contactId),
    eq(contactContracts.id, id),
  );

/** One statement: the contact's contracts (a page, or one by id) with the current one marked. */
export async function contractRows(
  tx: Queryable,
  orgId: string,
  contactId: string,
  page: { limit: number; offset: number } | string,
): Promise<ContractRow[]> {
  const k = contactContracts;
  const f = tx
    .select({ start: contractFreezes.startDay, end: contractFreezes.endDay })
    .from(contractFreezes)
    .where(
      tenantJoin(contractFreezes, k, eq(contractFreezes.contractId, k.id), isNull(contractFreezes.thawedOn)),
    )
    .orderBy(desc(contractFreezes.startDay))
    .limit(1)
    .as('f');
  const query = tx
    .select({
      ...CONTRACT,
      isCurrent: sql<boolean>`coalesce(${k.id} = (${currentContract(tx, orgId, contactId)}), false)`,
      invoiceCount: tx.$count(
        contactInvoices,
        tenantJoin(contactInvoices, k, eq(contactInvoices.contractId, k.id)),
      ),
      freezeStart: f.start,
      freezeEnd: f.end,
    })
    .from(k)
    .leftJoinLateral(f, eq(k.status, 'frozen'))
    .where(
      and(
        eq(k.organizationId, orgId),
        eq(k.contactId, contactId),
        typeof page === 'string' ? eq(k.id, page) : undefined,
      ),
    )
    .orderBy(desc(k.startDate), desc(k.createdAt), desc(k.id))
    .$dynamic();
  return typeof page === 'string' ? query : query.limit(page.limit).offset(page.offset);
}

export async function oneContract(tx: Tx, orgId: string, contactId: string, id: string) {
  const [row] = await contractRows(tx, orgId, contactId, id);
  if (!row) throw notFound('Contract');
  return toAnswer(row);
}

export const toContractAnswer = toAnswer;
