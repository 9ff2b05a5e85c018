import type { InvoicePayBody } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { recordActivity } from '../../contacts/index.ts';
import { syncBillingState } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import { currentBilling } from '../contracts.service.ts';
import { queueMails, receiptMail } from '../emails/emails.ts';
import { oneInvoice } from '../invoice-rows.ts';
import { type PaymentsProvider, PROVIDER_UNAVAILABLE } from '../payments/index.ts';
import { type ChargeSource, claimInvoiceCharge } from './claim.ts';
import { sendCharge } from './send.ts';
import { settleCharges } from './settle.ts';

// Paying one invoice on request: charging a saved card (staff's "Charge now" and "Retry", "Mark
// as paid" with a card on file, the member paying in the portal), or recording a payment taken
// outside (cash, bank transfer, other, or a card on a terminal when none is saved). A client may
// send an Idempotency-Key: the same key answers the same payment, however late it comes back.

export interface ChargeDeps {
  provider: PaymentsProvider;
  appUrl: string;
}

export interface Caller {
  organizationId: string;
  userId: string | null;
}

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

async function answer(tx: Tx, orgId: string, contactId: string, invoiceId: string, message: string) {
  return {
    message,
    data: await oneInvoice(tx, orgId, contactId, invoiceId),
    billing: await currentBilling(tx, orgId, contactId),
  };
}

interface Replay {
  status: 'pending' | 'succeeded' | 'failed';
  card_label: string | null;
  amount_cents: number;
  failure_code: string | null;
  failure_message: string | null;
}

function declined(message: string, code: string | null): AppError {
  return new AppError('BAD_REQUEST', message, [{ field: 'cardId', message, code: code ?? 'card_declined' }]);
}

/** What a settled (or replayed) charge answers: the invoice, or the card's refusal. */
function outcomeMessage(p: Replay): string {
  if (p.status === 'failed')
    throw declined(p.failure_message ?? 'The payment did not go through.', p.failure_code);
  if (p.status === 'pending') return 'The payment is being processed';
  return `Charged ${formatMoney(Number(p.amount_cents))} to ${p.card_label ?? 'the card'}`;
}

/** Charges an unpaid invoice to a saved card (the default one unless `cardId` names another). */
export async function chargeInvoice(
  deps: ChargeDeps,
  run: TenantRun,
  caller: Caller,
  contactId: string,
  invoiceId: string,
  options: { cardId?: string; source: Exclude<ChargeSource, 'auto'>; requestKey?: string | null },
) {
  const orgId = caller.organizationId;
  const requestKey = options.requestKey ?? null;
  const claimed = await run(async (tx) => {
    const locked = await tx.execute(sql`select 1 from contact_invoices
      where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId} for update`);
    if (locked.rows.length === 0) throw notFound('Invoice');
    if (requestKey) {
      const [earlier] = await rows<Replay>(
        tx,
        sql`select status, card_label, amount_cents, failure_code, failure_message from invoice_payments
            where organization_id = ${orgId} and request_key = ${requestKey} and invoice_id = ${invoiceId}`,
      );
      if (earlier) return { replay: earlier };
    }
    return {
      claim: await claimInvoiceCharge(tx, {
        organizationId: orgId,
        contactId,
        invoiceId,
        cardId: options.cardId,
        provider: deps.provider.name,
        source: options.source,
        userId: caller.userId,
        requestKey,
      }),
    };
  });
  if ('replay' in claimed) {
    const message = outcomeMessage(claimed.replay!);
    return run((tx) => answer(tx, orgId, contactId, invoiceId, message));
  }
  const { claim } = claimed;
  const result = await sendCharge(deps.provider, claim);
  // Left pending: the runner asks the provider about it with the same key and settles it.
  if (!result) throw new AppError('INTERNAL', PROVIDER_UNAVAILABLE);
  const now = new Date();
  const payment = await run(async (tx) => {
    await settleCharges(
      tx,
      [{ organizationId: orgId, paymentId: claim.paymentId, result }],
      now,
      deps.appUrl,
    );
    const [row] = await rows<Replay>(
      tx,
      sql`select status, card_label, amount_cents, failure_code, failure_message from invoice_payments
          where organization_id = ${orgId} and id = ${claim.paymentId}`,
    );
    return row!;
  });
  // A refused card answers 400 with its reason; the failed attempt stays on the invoice.
  const message = outcomeMessage(payment);
  return run((tx) => answer(tx, orgId, contactId, invoiceId, message));
}

/** A payment taken outside the card provider; one conditional update, so it is recorded once. */
export async function recordOutsidePayment(
  tx: Tx,
  caller: Caller,
  contactId: string,
  invoiceId: string,
  body: InvoicePayBody,
  appUrl: string,
) {
  const orgId = caller.organizationId;
  const paidAt = body.paidAt ?? new Date().toISOString();
  const [hit] = await rows<{
    number: number;
    amount_cents: number;
    description: string;
    full_name: string;
    email: string | null;
    org_name: string;
    time_zone: string;
  }>(
    tx,
    sql`with i as (
          update contact_invoices set status = 'paid', paid_at = ${paidAt}::timestamptz,
            payment_method = ${body.method ?? null}, paid_cents = amount_cents, next_attempt_at = null,
            updated_at = now()
          where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId}
            and status = 'due' and charging_payment_id is null
          returning number, amount_cents, description)
        select i.*, c.full_name, c.email, o.name as org_name, o.time_zone from i
        join contacts c on c.organization_id = ${orgId} and c.id = ${contactId}
        join organizations o on o.id = ${orgId}`,
  );
  if (!hit) {
    const [current] = await rows<{ status: string; charging_payment_id: string | null }>(
      tx,
      sql`select status, charging_payment_id from contact_invoices
          where organization_id = ${orgId} and contact_id = ${contactId} and id = ${invoiceId}`,
    );
    if (!current) throw notFound('Invoice');
    if (current.status === 'due' && current.charging_payment_id) {
      throw conflict('A card payment of this invoice is in progress', 'status');
    }
    throw conflict('Only a due or past-due invoice can be marked as paid', 'status');
  }
  const paymentId = newId();
  const amount = Number(hit.amount_cents);
  const method = body.method ?? 'other';
  await tx.execute(sql`insert into invoice_payments (organization_id, id, invoice_id, contact_id, kind, method,
      status, source, amount_cents, created_by, settled_at)
    values (${orgId}, ${paymentId}, ${invoiceId}, ${contactId}, 'charge', ${method}, 'succeeded', 'staff',
      ${amount}, ${caller.userId}, ${paidAt}::timestamptz)`);
  const number = invoiceNumber(Number(hit.number));
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'invoice.paid',
    title: `Invoice marked as paid: ${number} (${formatMoney(amount)})`,
    data: { invoiceId, paymentId },
    actorUserId: caller.userId,
  });
  await queueMails(tx, [
    receiptMail(
      {
        organizationId: orgId,
        orgName: hit.org_name,
        timeZone: hit.time_zone,
        contactId,
        contactName: hit.full_name,
        contactEmail: hit.email,
        appUrl,
      },
      {
        paymentId,
        invoiceNumber: number,
        description: hit.description,
        amountCents: amount,
        feeCents: 0,
        method: METHOD_LABELS[method] ?? method,
        at: new Date(paidAt),
      },
    ),
  ]);
  const billing = await syncBillingState(tx, orgId, contactId);
  return {
    message: 'Invoice marked as paid',
    data: await oneInvoice(tx, orgId, contactId, invoiceId),
    billing,
  };
}

/** Whether the contact has a saved card of this provider (`cardId`, or a default one). */
export async function hasSavedCard(
  tx: Tx,
  orgId: string,
  contactId: string,
  provider: string,
  cardId?: string,
) {
  const found = await tx.execute(sql`select 1 from payment_cards where organization_id = ${orgId}
    and contact_id = ${contactId} and provider = ${provider}
    and ${cardId ? sql`id = ${cardId}` : sql`is_default`}`);
  return found.rows.length > 0;
}
