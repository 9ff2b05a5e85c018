import type {
  InvoiceAnswer,
  InvoiceCreateBody,
  InvoicePayBody,
  InvoiceStatus,
  InvoiceTotals,
} from '@opsuite/shared';
import { INVOICE_STATUSES } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, lookupMissing, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isoText, rows } from '../../lib/sql.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { assertContactsExist, recordActivity } from '../contacts/index.ts';
import { contactInvoices } from './billing.tables.ts';
import { syncBillingState } from './billing-state.ts';
import { currentBilling, totalPagesOf } from './contracts.service.ts';

// Invoices of a contact: numbered per organisation (INV-000001…), created due, then paid,
// forfeited (written off) or, once paid, refunded. A due invoice past its due date reads as past
// due; the contact's payment status follows (billing-state.ts).

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
  created_at: string;
  updated_at: string;
}

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const toAnswer = (r: InvoiceRow): InvoiceAnswer => ({
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
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The status as read: due turns past due once the due date has passed in the organisation's zone. */
const EFFECTIVE_STATUS = sql`case when i.status = 'due' and i.due_date < (now() at time zone o.time_zone)::date
  then 'past_due' else i.status end`;

function invoiceRows(
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
            ${isoText(sql`i.created_at`)} as created_at, ${isoText(sql`i.updated_at`)} as updated_at,
            i.created_at as created_ts
          from contact_invoices i
          join organizations o on o.id = i.organization_id
          left join contact_contracts k on k.organization_id = i.organization_id and k.id = i.contract_id
          where i.organization_id = ${orgId} and i.contact_id = ${contactId}
            ${one ? sql`and i.id = ${filter.id}` : sql``}
        ) x
        ${!one && filter.status ? sql`where x.status = ${filter.status}` : sql``}
        order by x.due_date desc, x.number desc
        ${one ? sql`` : sql`limit ${filter.limit} offset ${filter.offset}`}`,
  );
}

async function oneInvoice(tx: Tx, orgId: string, contactId: string, id: string) {
  const [row] = await invoiceRows(tx, orgId, contactId, { id });
  if (!row) throw notFound('Invoice');
  return toAnswer(row);
}

/** Count and amount per status, every status present. */
async function totalsOf(tx: Tx, orgId: string, contactId: string): Promise<InvoiceTotals> {
  const hits = await rows<{ status: InvoiceStatus; n: number; amount: number }>(
    tx,
    sql`select ${EFFECTIVE_STATUS} as status, count(*)::int as n, coalesce(sum(i.amount_cents), 0)::bigint as amount
        from contact_invoices i join organizations o on o.id = i.organization_id
        where i.organization_id = ${orgId} and i.contact_id = ${contactId}
        group by 1`,
  );
  const totals = Object.fromEntries(
    INVOICE_STATUSES.map((s) => [s, { count: 0, amountCents: 0 }]),
  ) as InvoiceTotals;
  for (const r of hits) totals[r.status] = { count: Number(r.n), amountCents: Number(r.amount) };
  return totals;
}

export async function listInvoices(
  tx: Tx,
  orgId: string,
  contactId: string,
  query: { page: number; pageSize: number; status?: InvoiceStatus },
) {
  await assertContactsExist(tx, orgId, [contactId]);
  const { page, pageSize, status } = query;
  const hits = await invoiceRows(tx, orgId, contactId, {
    status,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const totals = await totalsOf(tx, orgId, contactId);
  const total = status ? totals[status].count : Object.values(totals).reduce((n, t) => n + t.count, 0);
  return {
    list: hits.map(toAnswer),
    totals,
    pagination: { page, pageSize, total, totalPages: totalPagesOf(total, pageSize) },
    billing: await currentBilling(tx, orgId, contactId),
  };
}

/** The next invoice number of the organisation; the counter row serialises concurrent creates. */
async function nextNumber(tx: Tx, orgId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`insert into invoice_counters as ic (organization_id, last_number) values (${orgId}, 1)
        on conflict (organization_id) do update set last_number = ic.last_number + 1
        returning last_number as n`,
  );
  return Number(row!.n);
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function createInvoice(tx: Tx, ctx: RequestContext, contactId: string, body: InvoiceCreateBody) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  if (body.contractId) {
    const found = await rows<{ id: string }>(
      tx,
      sql`select id from contact_contracts
          where organization_id = ${orgId} and contact_id = ${contactId} and id = ${body.contractId}`,
    );
    if (found.length === 0) throw lookupMissing('contractId');
  }
  const id = newId();
  const number = await nextNumber(tx, orgId);
  await tx.insert(contactInvoices).values({
    organizationId: orgId,
    id,
    contactId,
    contractId: body.contractId ?? null,
    number,
    description: body.description,
    amountCents: body.amountCents,
    dueDate: body.dueDate,
    status: 'due',
    createdBy: ctx.userId,
  });
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.created',
    title: `Invoice ${invoiceNumber(number)} created: ${money(body.amountCents)} due ${body.dueDate}`,
    data: { invoiceId: id },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { data: await oneInvoice(tx, orgId, contactId, id), billing };
}

type Action = 'pay' | 'refund' | 'forfeit';
const ACTIONS: Record<Action, { from: string; to: string; message: string; refused: string }> = {
  pay: {
    from: 'due',
    to: 'paid',
    message: 'Invoice marked as paid',
    refused: 'Only a due or past-due invoice can be marked as paid',
  },
  refund: {
    from: 'paid',
    to: 'refund',
    message: 'Invoice refunded',
    refused: 'Only a paid invoice can be refunded',
  },
  forfeit: {
    from: 'due',
    to: 'forfeit',
    message: 'Invoice forfeited',
    refused: 'Only a due or past-due invoice can be forfeited',
  },
};

/**
 * Moves an invoice on by one conditional update (the status it must have is in the WHERE), so
 * two clicks at once change it once and the second is told why not.
 */
export async function changeInvoice(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  invoiceId: string,
  action: Action,
  body: InvoicePayBody = {},
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const rule = ACTIONS[action];
  const paid =
    action === 'pay'
      ? sql`, paid_at = ${body.paidAt ?? new Date().toISOString()}::timestamptz, payment_method = ${body.method ?? null}`
      : sql``;
  const hits = await rows<{ number: number; amount_cents: number }>(
    tx,
    sql`update contact_invoices set status = ${rule.to}, updated_at = now() ${paid}
        where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId} and status = ${rule.from}
        returning number, amount_cents`,
  );
  if (!hits[0]) await refuse(tx, orgId, contactId, invoiceId, rule.refused);
  const { number, amount_cents } = hits[0]!;
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: `invoice.${rule.to}`,
    title: `${rule.message}: ${invoiceNumber(Number(number))} (${money(Number(amount_cents))})`,
    data: { invoiceId },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message: rule.message, data: await oneInvoice(tx, orgId, contactId, invoiceId), billing };
}

async function refuse(
  tx: Tx,
  orgId: string,
  contactId: string,
  invoiceId: string,
  message: string,
): Promise<never> {
  const exists = await rows<{ id: string }>(
    tx,
    sql`select id from contact_invoices where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId}`,
  );
  if (exists.length === 0) throw notFound('Invoice');
  throw conflict(message, 'status');
}

/** Only an unpaid (due or past-due) invoice can be deleted; the others are billing history. */
export async function deleteInvoice(tx: Tx, ctx: RequestContext, contactId: string, invoiceId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const hits = await rows<{ number: number }>(
    tx,
    sql`delete from contact_invoices
        where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId} and status = 'due'
        returning number`,
  );
  if (!hits[0]) {
    await refuse(tx, orgId, contactId, invoiceId, 'Only a due or past-due invoice can be deleted');
  }
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.deleted',
    title: `Invoice deleted: ${invoiceNumber(Number(hits[0]!.number))}`,
    data: { invoiceId },
    actorUserId: ctx.userId,
  });
  return syncBillingState(tx, orgId, contactId);
}
