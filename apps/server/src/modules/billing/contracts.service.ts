import type { ContractAnswer, ContractCreateBody, ContractStatus, ContractUpdateBody } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isoText, rows } from '../../lib/sql.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { assertContactsExist, recordActivity } from '../contacts/index.ts';
import { contactContracts } from './billing.tables.ts';
import { CURRENT_CONTRACT, CURRENT_CONTRACT_ORDER, syncBillingState } from './billing-state.ts';

// Contracts (membership agreements) of a contact: list, add, change (freeze, unfreeze, cancel,
// expire) and delete; each change re-derives the contact's plan and payment status.

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
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** One statement: the contact's contracts (a page, or one by id) with the current one marked. */
function contractRows(
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
        select k.id, k.contact_id, k.title, to_char(k.start_date, 'YYYY-MM-DD') as start_date,
          to_char(k.end_date, 'YYYY-MM-DD') as end_date, k.amount_cents, k.billing_interval, k.status, k.notes,
          coalesce(k.id = (select id from cur), false) as is_current,
          (select count(*)::int from contact_invoices i
           where i.organization_id = k.organization_id and i.contract_id = k.id) as invoice_count,
          ${isoText(sql`k.created_at`)} as created_at, ${isoText(sql`k.updated_at`)} as updated_at
        from contact_contracts k
        where k.organization_id = ${orgId} and k.contact_id = ${contactId}
          ${one ? sql`and k.id = ${page}` : sql``}
        order by k.start_date desc, k.created_at desc, k.id desc
        ${one ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`,
  );
}

async function oneContract(tx: Tx, orgId: string, contactId: string, id: string) {
  const [row] = await contractRows(tx, orgId, contactId, id);
  if (!row) throw notFound('Contract');
  return toAnswer(row);
}

export async function currentBilling(tx: Tx, orgId: string, contactId: string) {
  const [row] = await rows<{ plan: string | null; payment_status: 'none' | 'past_due' | 'frozen' }>(
    tx,
    sql`select plan, payment_status from contacts where organization_id = ${orgId} and id = ${contactId}`,
  );
  return { plan: row?.plan ?? null, paymentStatus: row?.payment_status ?? 'none' };
}

export const totalPagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export async function listContracts(
  tx: Tx,
  orgId: string,
  contactId: string,
  page: number,
  pageSize: number,
) {
  await assertContactsExist(tx, orgId, [contactId]);
  const found = await contractRows(tx, orgId, contactId, { limit: pageSize, offset: (page - 1) * pageSize });
  const [count] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from contact_contracts where organization_id = ${orgId} and contact_id = ${contactId}`,
  );
  const total = Number(count?.n ?? 0);
  return {
    list: found.map(toAnswer),
    pagination: { page, pageSize, total, totalPages: totalPagesOf(total, pageSize) },
    billing: await currentBilling(tx, orgId, contactId),
  };
}

const INTERVAL_LABELS: Record<ContractAnswer['billingInterval'], string> = {
  one_time: 'one-time',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
};

export async function createContract(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  body: ContractCreateBody,
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const id = newId();
  await tx.insert(contactContracts).values({
    organizationId: orgId,
    id,
    contactId,
    title: body.title,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    amountCents: body.amountCents,
    billingInterval: body.billingInterval,
    status: body.status ?? 'active',
    notes: body.notes ?? null,
    createdBy: ctx.userId,
  });
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'contract.added',
    title: `Contract added: ${body.title} (${INTERVAL_LABELS[body.billingInterval]})`,
    data: { contractId: id },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { data: await oneContract(tx, orgId, contactId, id), billing };
}

/** What a status change is called, in the answer's message and on the timeline. */
function statusMessage(from: ContractStatus, to: ContractStatus): string {
  if (to === 'frozen') return 'Contract frozen';
  if (to === 'active' && from === 'frozen') return 'Contract unfrozen';
  if (to === 'cancelled') return 'Contract cancelled';
  if (to === 'expired') return 'Contract marked as expired';
  return 'Contract updated';
}

const closed = (status: ContractStatus) => status === 'cancelled' || status === 'expired';

export async function updateContract(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  contractId: string,
  body: ContractUpdateBody,
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const [current] = await rows<{
    status: ContractStatus;
    start_date: string;
    end_date: string | null;
    title: string;
  }>(
    tx,
    sql`select status, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, title
        from contact_contracts where organization_id = ${orgId} and contact_id = ${contactId} and id = ${contractId}
        for update`,
  );
  if (!current) throw notFound('Contract');
  const to = body.status ?? current.status;
  if (to !== current.status && closed(current.status)) {
    const message = `This contract is ${current.status}; add a new contract instead`;
    throw conflict(message, 'status');
  }
  const start = body.startDate ?? current.start_date;
  const end = body.endDate === undefined ? current.end_date : body.endDate;
  if (end && end < start) {
    const message = 'End date cannot be before the start date';
    throw invalid('endDate', message);
  }
  const set: Partial<typeof contactContracts.$inferInsert> = { updatedAt: new Date() };
  for (const key of [
    'title',
    'startDate',
    'endDate',
    'amountCents',
    'billingInterval',
    'status',
    'notes',
  ] as const) {
    if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key];
  }
  await tx
    .update(contactContracts)
    .set(set)
    .where(sql`${contactContracts.organizationId} = ${orgId} and ${contactContracts.id} = ${contractId}`);
  const message = statusMessage(current.status, to);
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: to === current.status ? 'contract.updated' : `contract.${to}`,
    title: `${message}: ${body.title ?? current.title}`,
    data: { contractId, from: current.status, to },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message, data: await oneContract(tx, orgId, contactId, contractId), billing };
}

/** A contract with invoices keeps its billing history: it is cancelled instead. */
export async function deleteContract(tx: Tx, ctx: RequestContext, contactId: string, contractId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const [row] = await rows<{ title: string; invoices: number }>(
    tx,
    sql`select k.title, (select count(*)::int from contact_invoices i
                         where i.organization_id = k.organization_id and i.contract_id = k.id) as invoices
        from contact_contracts k
        where k.organization_id = ${orgId} and k.contact_id = ${contactId} and k.id = ${contractId} for update`,
  );
  if (!row) throw notFound('Contract');
  if (Number(row.invoices) > 0) {
    const message = 'This contract has invoices; cancel it instead of deleting it';
    throw conflict(message, 'contractId');
  }
  await tx.execute(
    sql`delete from contact_contracts where organization_id = ${orgId} and id = ${contractId}`,
  );
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'contract.deleted',
    title: `Contract deleted: ${row.title}`,
    data: { contractId },
    actorUserId: ctx.userId,
  });
  return syncBillingState(tx, orgId, contactId);
}
