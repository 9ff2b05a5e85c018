import type { InvoiceCreateBody, InvoiceStatus } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, lookupMissing, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { rows } from '../../lib/sql.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { assertContactsExist, recordActivity } from '../contacts/index.ts';
import { contactInvoices } from './billing.tables.ts';
import { syncBillingState } from './billing-state.ts';
import { formatMoney, invoiceNumber } from './billing-text.ts';
import { paymentsOf } from './charges/payment-rows.ts';
import { currentBilling, totalPagesOf } from './contracts.service.ts';
import { invoiceRows, oneInvoice, toInvoiceAnswer, totalsOf } from './invoice-rows.ts';

// Invoices of a contact: numbered per organisation (INV-000001…), created due, then paid,
// forfeited (written off) or, once paid, refunded (charges/). A due invoice past its due date, or
// with a failed card charge, reads as past due; the contact's payment status follows
// (billing-state.ts).

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
  const { totals, all } = await totalsOf(tx, orgId, contactId);
  const total = status ? totals[status].count : all;
  return {
    list: hits.map(toInvoiceAnswer),
    totals,
    pagination: { page, pageSize, total, totalPages: totalPagesOf(total, pageSize) },
    billing: await currentBilling(tx, orgId, contactId),
  };
}

/**
 * The next `count` invoice numbers of the organisation (answers the first); the counter row
 * serialises concurrent creates until their transactions end.
 */
export async function nextNumbers(tx: Tx, orgId: string, count = 1): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`insert into invoice_counters as ic (organization_id, last_number) values (${orgId}, ${count})
        on conflict (organization_id) do update set last_number = ic.last_number + ${count}
        returning last_number as n`,
  );
  return Number(row!.n) - count + 1;
}

/** One invoice with its payments (charge attempts and refunds), newest first. */
export async function invoiceDetail(tx: Tx, orgId: string, contactId: string, invoiceId: string) {
  await assertContactsExist(tx, orgId, [contactId]);
  const data = await oneInvoice(tx, orgId, contactId, invoiceId);
  return {
    data: { ...data, payments: await paymentsOf(tx, orgId, invoiceId) },
    billing: await currentBilling(tx, orgId, contactId),
  };
}

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
  const number = await nextNumbers(tx, orgId);
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
    title: `Invoice ${invoiceNumber(number)} created: ${formatMoney(body.amountCents)} due ${body.dueDate}`,
    data: { invoiceId: id },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { data: await oneInvoice(tx, orgId, contactId, id), billing };
}

/**
 * Writes an unpaid invoice off. One conditional update (the status it must have is in the WHERE),
 * so two clicks at once change it once; refused while a card charge of it is running.
 */
export async function forfeitInvoice(tx: Tx, ctx: RequestContext, contactId: string, invoiceId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const hits = await rows<{ number: number; amount_cents: number }>(
    tx,
    sql`update contact_invoices set status = 'forfeit', next_attempt_at = null, updated_at = now()
        where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId} and status = 'due'
          and charging_payment_id is null
        returning number, amount_cents`,
  );
  if (!hits[0])
    await refuse(tx, orgId, contactId, invoiceId, 'Only a due or past-due invoice can be forfeited');
  const { number, amount_cents } = hits[0]!;
  const message = 'Invoice forfeited';
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.forfeit',
    title: `${message}: ${invoiceNumber(Number(number))} (${formatMoney(Number(amount_cents))})`,
    data: { invoiceId },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message, data: await oneInvoice(tx, orgId, contactId, invoiceId), billing };
}

async function refuse(
  tx: Tx,
  orgId: string,
  contactId: string,
  invoiceId: string,
  message: string,
): Promise<never> {
  const [found] = await rows<{ status: string; charging_payment_id: string | null }>(
    tx,
    sql`select status, charging_payment_id from contact_invoices
        where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId}`,
  );
  if (!found) throw notFound('Invoice');
  if (found.status === 'due' && found.charging_payment_id) {
    throw conflict('A card payment of this invoice is in progress', 'status');
  }
  throw conflict(message, 'status');
}

/** Only an unpaid (due or past-due) invoice can be deleted; the others are billing history. */
export async function deleteInvoice(tx: Tx, ctx: RequestContext, contactId: string, invoiceId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const hits = await rows<{ number: number }>(
    tx,
    sql`delete from contact_invoices i
        where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId} and status = 'due'
          and charging_payment_id is null
          and not exists (select 1 from invoice_payments p where p.organization_id = i.organization_id
                          and p.invoice_id = i.id)
        returning number`,
  );
  if (!hits[0]) {
    const tried = await tx.execute(sql`select 1 from invoice_payments
      where organization_id = ${orgId} and invoice_id = ${invoiceId} limit 1`);
    const message =
      tried.rows.length > 0
        ? 'This invoice has payment attempts; forfeit it instead of deleting it'
        : 'Only a due or past-due invoice can be deleted';
    await refuse(tx, orgId, contactId, invoiceId, message);
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
