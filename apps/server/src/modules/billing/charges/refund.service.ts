import { type InvoiceRefundBody, refundError } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, invalid, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { recordActivity } from '../../contacts/index.ts';
import { syncBillingState } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import { queueMails, refundMail } from '../emails/emails.ts';
import { oneInvoice } from '../invoice-rows.ts';
import { PaymentError, PROVIDER_UNAVAILABLE } from '../payments/index.ts';
import type { Caller, ChargeDeps } from './charge.service.ts';

// Refunds of a paid invoice, in full or in part: of a card payment through the provider (with
// an idempotency key of the payment and refund number), of a payment taken outside as a record.
// The refund is reserved on the payment before the provider is called, so two refunds at once
// can never give back more than was paid; a refusal releases it again.

interface PaidRow {
  number: number;
  invoice_amount: number;
  paid_cents: number;
  invoice_refunded: number;
  payment_id: string | null;
  method: string | null;
  provider: string | null;
  provider_ref: string | null;
  card_label: string | null;
  amount_cents: number | null;
  refunded_cents: number | null;
  refunds: number;
}

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
  await tx.execute(sql`select 1 from contact_invoices
    where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId} for update`);
  const [row] = await rows<PaidRow & { status: string }>(
    tx,
    sql`select i.status, i.number, i.amount_cents as invoice_amount, i.paid_cents, i.refunded_cents as invoice_refunded,
          p.id as payment_id, p.method, p.provider, p.provider_ref, p.card_label, p.amount_cents, p.refunded_cents,
          (select count(*)::int from invoice_payments r
           where r.organization_id = i.organization_id and r.refund_of = p.id) as refunds
        from contact_invoices i
        left join lateral (
          select * from invoice_payments p
          where p.organization_id = i.organization_id and p.invoice_id = i.id and p.kind = 'charge'
            and p.status = 'succeeded'
          order by p.created_at desc limit 1) p on true
        where i.organization_id = ${orgId} and i.contact_id = ${contactId} and i.id = ${invoiceId}`,
  );
  if (!row) throw notFound('Invoice');
  if (row.status !== 'paid') throw conflict('Only a paid invoice can be refunded', 'status');
  // An invoice paid before payments were recorded one by one refunds against its paid amount.
  const paid = row.payment_id ? Number(row.amount_cents) : Number(row.paid_cents);
  const earlier = row.payment_id ? Number(row.refunded_cents) : Number(row.invoice_refunded);
  const amount = body.amountCents ?? paid - earlier;
  const problem = refundError(paid, [earlier], amount);
  if (problem) throw invalid('amountCents', problem);
  const refundId = newId();
  const card = row.method === 'card' && row.provider === provider && row.provider_ref;
  const key = row.payment_id ? `pay_${row.payment_id}_refund_${Number(row.refunds) + 1}` : null;
  await tx.execute(sql`insert into invoice_payments (organization_id, id, invoice_id, contact_id, kind, method,
      status, source, amount_cents, refund_of, provider, card_label, reason, idempotency_key, created_by)
    values (${orgId}, ${refundId}, ${invoiceId}, ${contactId}, 'refund', ${row.method ?? 'other'},
      'pending', 'staff', ${amount}, ${row.payment_id}, ${card ? provider : null},
      ${row.card_label}, ${body.reason ?? null}, ${key}, ${caller.userId})`);
  if (row.payment_id) {
    await tx.execute(sql`update invoice_payments set refunded_cents = refunded_cents + ${amount}
      where organization_id = ${orgId} and id = ${row.payment_id}`);
  }
  return { refundId, amount, viaProvider: card ? { chargeId: row.provider_ref!, key: key! } : null };
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
  const done = await tx.execute(sql`update invoice_payments set status = 'succeeded',
      provider_ref = ${refund.providerRef}, settled_at = now()
    where organization_id = ${orgId} and id = ${refund.id} and status = 'pending' returning id`);
  if (done.rows.length === 0) {
    return {
      message: 'Invoice refunded',
      data: await oneInvoice(tx, orgId, contactId, invoiceId),
      billing: await syncBillingState(tx, orgId, contactId),
    };
  }
  const [inv] = await rows<{
    number: number;
    paid_cents: number;
    refunded_cents: number;
    status: string;
    card_label: string | null;
    method: string;
    full_name: string;
    email: string | null;
    org_name: string;
    time_zone: string;
  }>(
    tx,
    sql`with i as (
          update contact_invoices set refunded_cents = refunded_cents + ${refund.amount},
            status = case when refunded_cents + ${refund.amount} >= paid_cents then 'refund' else status end,
            updated_at = now()
          where organization_id = ${orgId} and id = ${invoiceId}
          returning number, paid_cents, refunded_cents, status)
        select i.*, p.card_label, p.method, c.full_name, c.email, o.name as org_name, o.time_zone from i
        join invoice_payments p on p.organization_id = ${orgId} and p.id = ${refund.id}
        join contacts c on c.organization_id = ${orgId} and c.id = ${contactId}
        join organizations o on o.id = ${orgId}`,
  );
  const number = invoiceNumber(Number(inv!.number));
  const full = inv!.status === 'refund';
  const message = full ? 'Invoice refunded' : `Refunded ${formatMoney(refund.amount)} of ${number}`;
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.refund',
    title: full
      ? `Invoice refunded: ${number} (${formatMoney(refund.amount)})`
      : `Partial refund: ${number} (${formatMoney(refund.amount)} of ${formatMoney(Number(inv!.paid_cents))})`,
    data: { invoiceId, paymentId: refund.id },
    actorUserId: caller.userId,
  });
  await queueMails(tx, [
    refundMail(
      {
        organizationId: orgId,
        orgName: inv!.org_name,
        timeZone: inv!.time_zone,
        contactId,
        contactName: inv!.full_name,
        contactEmail: inv!.email,
        appUrl,
      },
      {
        refundId: refund.id,
        invoiceNumber: number,
        amountCents: refund.amount,
        method: inv!.card_label ?? METHOD_LABELS[inv!.method] ?? inv!.method,
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
  const [row] = await rows<{ refund_of: string | null }>(
    tx,
    sql`update invoice_payments set status = 'failed', failure_message = ${message}, settled_at = now()
        where organization_id = ${orgId} and id = ${reserved.refundId} and status = 'pending'
        returning refund_of`,
  );
  if (row?.refund_of) {
    await tx.execute(sql`update invoice_payments set refunded_cents = refunded_cents - ${reserved.amount}
      where organization_id = ${orgId} and id = ${row.refund_of}`);
  }
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
