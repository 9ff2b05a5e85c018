import type { InvoicePayBody } from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { recordActivity } from '../../contacts/index.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactInvoices } from '../billing.tables.ts';
import { syncBillingState } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import { paymentCards } from '../cards/cards.tables.ts';
import { currentBilling } from '../contracts.service.ts';
import { queueMails, receiptMail } from '../emails/emails.ts';
import { invoiceOf, oneInvoice } from '../invoice-rows.ts';
import { refuse, unpaidInvoice } from '../invoices.service.ts';
import { type PaymentsProvider, PROVIDER_UNAVAILABLE } from '../payments/index.ts';
import { invoicePayments } from './charges.tables.ts';
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

/** What a charge answers, read back from its payment. */
const REPLAY = {
  status: invoicePayments.status,
  cardLabel: invoicePayments.cardLabel,
  amountCents: invoicePayments.amountCents,
  failureCode: invoicePayments.failureCode,
  failureMessage: invoicePayments.failureMessage,
};

type Replay = Pick<typeof invoicePayments.$inferSelect, keyof typeof REPLAY>;

function declined(message: string, code: string | null): AppError {
  return new AppError('BAD_REQUEST', message, [{ field: 'cardId', message, code: code ?? 'card_declined' }]);
}

/** What a settled (or replayed) charge answers: the invoice, or the card's refusal. */
function outcomeMessage(p: Replay): string {
  if (p.status === 'failed')
    throw declined(p.failureMessage ?? 'The payment did not go through.', p.failureCode);
  if (p.status === 'pending') return 'The payment is being processed';
  return `Charged ${formatMoney(p.amountCents)} to ${p.cardLabel ?? 'the card'}`;
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
    const locked = await tx
      .select({ id: contactInvoices.id })
      .from(contactInvoices)
      .where(invoiceOf(orgId, contactId, invoiceId))
      .for('update');
    if (locked.length === 0) throw notFound('Invoice');
    if (requestKey) {
      const [earlier] = await tx
        .select(REPLAY)
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.organizationId, orgId),
            eq(invoicePayments.requestKey, requestKey),
            eq(invoicePayments.invoiceId, invoiceId),
          ),
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
    const [row] = await tx
      .select(REPLAY)
      .from(invoicePayments)
      .where(and(eq(invoicePayments.organizationId, orgId), eq(invoicePayments.id, claim.paymentId)));
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
  const [paid] = await tx
    .update(contactInvoices)
    .set({
      status: 'paid',
      paidAt: new Date(paidAt),
      paymentMethod: body.method ?? null,
      paidCents: sql`${contactInvoices.amountCents}`,
      nextAttemptAt: null,
      updatedAt: sql`now()`,
    })
    .where(unpaidInvoice(orgId, contactId, invoiceId))
    .returning({
      number: contactInvoices.number,
      amountCents: contactInvoices.amountCents,
      description: contactInvoices.description,
    });
  if (!paid)
    await refuse(tx, orgId, contactId, invoiceId, 'Only a due or past-due invoice can be marked as paid');
  const hit = { ...paid!, ...(await mailFacts(tx, orgId, contactId)) };
  const paymentId = newId();
  const amount = hit.amountCents;
  const method = body.method ?? 'other';
  await tx.insert(invoicePayments).values({
    organizationId: orgId,
    id: paymentId,
    invoiceId,
    contactId,
    kind: 'charge',
    method,
    status: 'succeeded',
    source: 'staff',
    amountCents: amount,
    createdBy: caller.userId,
    settledAt: new Date(paidAt),
  });
  const number = invoiceNumber(hit.number);
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
        orgName: hit.orgName,
        timeZone: hit.timeZone,
        contactId,
        contactName: hit.fullName,
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
  const found = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.organizationId, orgId),
        eq(paymentCards.contactId, contactId),
        eq(paymentCards.provider, provider),
        cardId ? eq(paymentCards.id, cardId) : sql`${paymentCards.isDefault}`,
      ),
    );
  return found.length > 0;
}

/** The contact and organisation an e-mail about a payment names. */
export async function mailFacts(tx: Tx, orgId: string, contactId: string) {
  const [row] = await tx
    .select({
      fullName: contacts.fullName,
      email: contacts.email,
      orgName: organizations.name,
      timeZone: organizations.timeZone,
    })
    .from(contacts)
    .innerJoin(organizations, eq(organizations.id, contacts.organizationId))
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId)));
  return row!;
}
