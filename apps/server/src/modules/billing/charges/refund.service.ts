import { type InvoiceRefundBody, refundError } from '@opsuite/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, invalid, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { recordActivity } from '../../contacts/index.ts';
import { contactInvoices } from '../billing.tables.ts';
import { syncBillingState } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import { queueMails, refundMail } from '../emails/emails.ts';
import { invoiceOf, oneInvoice } from '../invoice-rows.ts';
import { PaymentError, PROVIDER_UNAVAILABLE } from '../payments/index.ts';
import { type Caller, type ChargeDeps, mailFacts } from './charge.service.ts';
import { invoicePayments } from './charges.tables.ts';

// Refunds of a paid invoice, in full or in part: of a card payment through the provider (with
// an idempotency key of the payment and refund number), of a payment taken outside as a record.
// The refund is reserved on the payment before the provider is called, so two refunds at once
// can never give back more than was paid; a refusal releases it again.

interface Reserved {
  refundId: string;
  amount: number;
  viaProvider: { chargeId: string; key: string } | null;
}

const METHOD_LABELS: Record<string, string> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank transfer',
  other: 'other',
};

async function reserve(
  tx: Tx,
  caller: Caller,
  contactId: string,
  invoiceId: string,
  body: InvoiceRefundBody,
  provider: string,
): Promise<Reserved> {
  const orgId = caller.organizationId;
  // Locked first, read after: a refund that waited for another reads what that one left.
  const invoice = invoiceOf(orgId, contactId, invoiceId);
  await tx.select({ id: contactInvoices.id }).from(contactInvoices).where(invoice).for('update');
  const [row] = await tx
    .select({
      status: contactInvoices.status,
      paidCents: contactInvoices.paidCents,
      refunded: contactInvoices.refundedCents,
    })
    .from(contactInvoices)
    .where(invoice);
  if (!row) throw notFound('Invoice');
  if (row.status !== 'paid') throw conflict('Only a paid invoice can be refunded', 'status');
  const payment = await lastCharge(tx, orgId, invoiceId);
  // An invoice paid before payments were recorded one by one refunds against its paid amount.
  const paid = payment ? payment.amountCents : row.paidCents;
  const earlier = payment ? payment.refundedCents : row.refunded;
  const amount = body.amountCents ?? paid - earlier;
  const problem = refundError(paid, [earlier], amount);
  if (problem) throw invalid('amountCents', problem);
  const refundId = newId();
  const card = payment?.method === 'card' && payment.provider === provider && payment.providerRef;
  const key = payment ? `pay_${payment.id}_refund_${payment.refunds + 1}` : null;
  await tx.insert(invoicePayments).values({
    organizationId: orgId,
    id: refundId,
    invoiceId,
    contactId,
    kind: 'refund',
    method: payment?.method ?? 'other',
    status: 'pending',
    source: 'staff',
    amountCents: amount,
    refundOf: payment?.id ?? null,
    provider: card ? provider : null,
    cardLabel: payment?.cardLabel ?? null,
    reason: body.reason ?? null,
    idempotencyKey: key,
    createdBy: caller.userId,
  });
  if (payment) await moveRefunded(tx, orgId, payment.id, amount);
  return { refundId, amount, viaProvider: card ? { chargeId: payment.providerRef!, key: key! } : null };
}

/** The invoice's latest succeeded charge, with how many refunds of it were made. */
async function lastCharge(tx: Tx, orgId: string, invoiceId: string) {
  const p = invoicePayments;
  const [found] = await tx
    .select({
      id: p.id,
      method: p.method,
      provider: p.provider,
      providerRef: p.providerRef,
      cardLabel: p.cardLabel,
      amountCents: p.amountCents,
      refundedCents: p.refundedCents,
    })
    .from(p)
    .where(
      and(
        eq(p.organizationId, orgId),
        eq(p.invoiceId, invoiceId),
        eq(p.kind, 'charge'),
        eq(p.status, 'succeeded'),
      ),
    )
    .orderBy(desc(p.createdAt))
    .limit(1);
  if (!found) return undefined;
  const refunds = await tx.$count(p, and(eq(p.organizationId, orgId), eq(p.refundOf, found.id)));
  return { ...found, refunds };
}

/** Reserves (a positive amount) or releases (negative) part of a charge for refunds. */
async function moveRefunded(tx: Tx, orgId: string, paymentId: string, amount: number) {
  await tx
    .update(invoicePayments)
    .set({ refundedCents: sql`${invoicePayments.refundedCents} + ${amount}` })
    .where(and(eq(invoicePayments.organizationId, orgId), eq(invoicePayments.id, paymentId)));
}

/** The refund done: the invoice's refunded amount (refunded in full: status refund), timeline, e-mail. */
async function complete(
  tx: Tx,
  caller: Caller,
  contactId: string,
  invoiceId: string,
  refund: { id: string; providerRef: string | null; amount: number },
  appUrl: string,
) {
  const orgId = caller.organizationId;
  // Once only: a refund completed already (a recovery racing a request) changes nothing more.
  const done = await tx
    .update(invoicePayments)
    .set({ status: 'succeeded', providerRef: refund.providerRef, settledAt: sql`now()` })
    .where(
      and(
        eq(invoicePayments.organizationId, orgId),
        eq(invoicePayments.id, refund.id),
        eq(invoicePayments.status, 'pending'),
      ),
    )
    .returning({ cardLabel: invoicePayments.cardLabel, method: invoicePayments.method });
  if (done.length === 0) {
    return {
      message: 'Invoice refunded',
      data: await oneInvoice(tx, orgId, contactId, invoiceId),
      billing: await syncBillingState(tx, orgId, contactId),
    };
  }
  const refunded = sql`${contactInvoices.refundedCents} + ${refund.amount}`;
  const [updated] = await tx
    .update(contactInvoices)
    .set({
      refundedCents: refunded,
      status: sql`case when ${refunded} >= ${contactInvoices.paidCents} then 'refund' else ${contactInvoices.status} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(contactInvoices.organizationId, orgId), eq(contactInvoices.id, invoiceId)))
    .returning({
      number: contactInvoices.number,
      paidCents: contactInvoices.paidCents,
      status: contactInvoices.status,
    });
  const inv = { ...updated!, ...done[0]!, ...(await mailFacts(tx, orgId, contactId)) };
  const number = invoiceNumber(inv.number);
  const full = inv.status === 'refund';
  const message = full ? 'Invoice refunded' : `Refunded ${formatMoney(refund.amount)} of ${number}`;
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.refund',
    title: full
      ? `Invoice refunded: ${number} (${formatMoney(refund.amount)})`
      : `Partial refund: ${number} (${formatMoney(refund.amount)} of ${formatMoney(inv.paidCents)})`,
    data: { invoiceId, paymentId: refund.id },
    actorUserId: caller.userId,
  });
  await queueMails(tx, [
    refundMail(
      {
        organizationId: orgId,
        orgName: inv.orgName,
        timeZone: inv.timeZone,
        contactId,
        contactName: inv.fullName,
        contactEmail: inv.email,
        appUrl,
      },
      {
        refundId: refund.id,
        invoiceNumber: number,
        amountCents: refund.amount,
        method: inv.cardLabel ?? METHOD_LABELS[inv.method] ?? inv.method,
        at: new Date(),
      },
    ),
  ]);
  const billing = await syncBillingState(tx, orgId, contactId);
  return { message, data: await oneInvoice(tx, orgId, contactId, invoiceId), billing };
}

export async function refundInvoice(
  deps: ChargeDeps,
  run: TenantRun,
  caller: Caller,
  contactId: string,
  invoiceId: string,
  body: InvoiceRefundBody,
) {
  const orgId = caller.organizationId;
  const reserved = await run((tx) => reserve(tx, caller, contactId, invoiceId, body, deps.provider.name));
  const refund = { id: reserved.refundId, providerRef: null as string | null, amount: reserved.amount };
  if (!reserved.viaProvider) {
    return run((tx) => complete(tx, caller, contactId, invoiceId, refund, deps.appUrl));
  }
  try {
    const made = await deps.provider.refund(
      { organizationId: orgId },
      {
        chargeId: reserved.viaProvider.chargeId,
        amountCents: reserved.amount,
        idempotencyKey: reserved.viaProvider.key,
      },
    );
    if (made.status === 'failed') {
      throw new PaymentError('card', made.failureMessage ?? 'The refund did not go through', 'refund_failed');
    }
    refund.providerRef = made.id;
  } catch (err) {
    if (err instanceof PaymentError && err.kind === 'unavailable') {
      // Left pending with its key: sent again by the runner's recovery.
      throw new AppError('INTERNAL', PROVIDER_UNAVAILABLE);
    }
    await run((tx) => release(tx, orgId, reserved, err));
    if (err instanceof PaymentError)
      throw new AppError('BAD_REQUEST', err.message, [{ field: 'amountCents', message: err.message }]);
    throw err;
  }
  return run((tx) => complete(tx, caller, contactId, invoiceId, refund, deps.appUrl));
}

/** A refund the provider refused: recorded as failed, its amount free to refund again. */
async function release(tx: Tx, orgId: string, reserved: Reserved, err: unknown) {
  const message = err instanceof Error ? err.message : 'The refund did not go through';
  const [row] = await tx
    .update(invoicePayments)
    .set({ status: 'failed', failureMessage: message, settledAt: sql`now()` })
    .where(
      and(
        eq(invoicePayments.organizationId, orgId),
        eq(invoicePayments.id, reserved.refundId),
        eq(invoicePayments.status, 'pending'),
      ),
    )
    .returning({ refundOf: invoicePayments.refundOf });
  if (row?.refundOf) await moveRefunded(tx, orgId, row.refundOf, -reserved.amount);
}

/** Completes refunds left pending by a crash once the provider confirms them (the runner's recovery). */
export async function completePendingRefund(
  tx: Tx,
  refund: {
    organizationId: string;
    id: string;
    invoiceId: string;
    contactId: string;
    amount: number;
    providerRef: string;
  },
  appUrl: string,
) {
  await complete(
    tx,
    { organizationId: refund.organizationId, userId: null },
    refund.contactId,
    refund.invoiceId,
    { id: refund.id, providerRef: refund.providerRef, amount: refund.amount },
    appUrl,
  );
}
