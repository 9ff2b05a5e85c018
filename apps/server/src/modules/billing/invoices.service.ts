import type { InvoiceCreateBody, InvoiceStatus } from '@opsuite/shared';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, lookupMissing, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { assertContactsExist, recordActivity } from '../contacts/index.ts';
import { contactContracts, contactInvoices, invoiceCounters } from './billing.tables.ts';
import { syncBillingState } from './billing-state.ts';
import { formatMoney, invoiceNumber } from './billing-text.ts';
import { invoicePayments } from './charges/charges.tables.ts';
import { paymentsOf } from './charges/payment-rows.ts';
import { contractOf } from './contract-rows.ts';
import { currentBilling, totalPagesOf } from './contracts.service.ts';
import { invoiceOf, invoiceRows, oneInvoice, toInvoiceAnswer, totalsOf } from './invoice-rows.ts';

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
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ organizationId: orgId, lastNumber: count })
    .onConflictDoUpdate({
      target: invoiceCounters.organizationId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + ${count}` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n - count + 1;
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
    const found = await tx
      .select({ id: contactContracts.id })
      .from(contactContracts)
      .where(contractOf(orgId, contactId, body.contractId));
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
  const hits = await tx
    .update(contactInvoices)
    .set({ status: 'forfeit', nextAttemptAt: null, updatedAt: sql`now()` })
    .where(unpaidInvoice(orgId, contactId, invoiceId))
    .returning({ number: contactInvoices.number, amountCents: contactInvoices.amountCents });
  if (!hits[0])
    await refuse(tx, orgId, contactId, invoiceId, 'Only a due or past-due invoice can be forfeited');
  const { number, amountCents } = hits[0]!;
  const message = 'Invoice forfeited';
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.forfeit',
    title: `${message}: ${invoiceNumber(number)} (${formatMoney(amountCents)})`,
    data: { invoiceId },
    actorUserId: ctx.userId,
  });
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message, data: await oneInvoice(tx, orgId, contactId, invoiceId), billing };
}

/** The contact's invoice while it is due and no card charge of it is running. */
export const unpaidInvoice = (orgId: string, contactId: string, invoiceId: string) =>
  and(
    eq(contactInvoices.organizationId, orgId),
    eq(contactInvoices.contactId, contactId),
    eq(contactInvoices.id, invoiceId),
    eq(contactInvoices.status, 'due'),
    isNull(contactInvoices.chargingPaymentId),
  );

/** Why an invoice could not be changed: gone (404), a card charge running, or its status (409). */
export async function refuse(
  tx: Tx,
  orgId: string,
  contactId: string,
  invoiceId: string,
  message: string,
): Promise<never> {
  const [found] = await tx
    .select({ status: contactInvoices.status, chargingPaymentId: contactInvoices.chargingPaymentId })
    .from(contactInvoices)
    .where(invoiceOf(orgId, contactId, invoiceId));
  if (!found) throw notFound('Invoice');
  if (found.status === 'due' && found.chargingPaymentId) {
    throw conflict('A card payment of this invoice is in progress', 'status');
  }
  throw conflict(message, 'status');
}

/** Only an unpaid (due or past-due) invoice can be deleted; the others are billing history. */
export async function deleteInvoice(tx: Tx, ctx: RequestContext, contactId: string, invoiceId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  const ofInvoice = and(eq(invoicePayments.organizationId, orgId), eq(invoicePayments.invoiceId, invoiceId));
  const hits = await tx
    .delete(contactInvoices)
    .where(
      and(
        unpaidInvoice(orgId, contactId, invoiceId),
        notExists(tx.select({ one: sql`1` }).from(invoicePayments).where(ofInvoice)),
      ),
    )
    .returning({ number: contactInvoices.number });
  if (!hits[0]) {
    const tried = await tx.select({ id: invoicePayments.id }).from(invoicePayments).where(ofInvoice).limit(1);
    const message =
      tried.length > 0
        ? 'This invoice has payment attempts; forfeit it instead of deleting it'
        : 'Only a due or past-due invoice can be deleted';
    await refuse(tx, orgId, contactId, invoiceId, message);
  }
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.deleted',
    title: `Invoice deleted: ${invoiceNumber(hits[0]!.number)}`,
    data: { invoiceId },
    actorUserId: ctx.userId,
  });
  return syncBillingState(tx, orgId, contactId);
}
