import { processingFee } from '@opsuite/shared';
import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { billingSettings, contactContracts, contactInvoices } from '../billing.tables.ts';
import { cardLabel, invoiceNumber } from '../billing-text.ts';
import { paymentCards } from '../cards/cards.tables.ts';
import { insertPendingPayments, markChargingInvoices, type PendingPaymentRow } from '../fast/batch-writes.ts';
import { invoiceOf } from '../invoice-rows.ts';
import { SETTINGS_COLUMNS, settingsOf } from '../settings/settings.service.ts';

// Claiming a charge: before the provider is called, the invoice is locked, a pending payment row
// is written with its attempt number and idempotency key, and the invoice points at it
// (charging_payment_id). Until that charge is settled no other charge of the invoice can start,
// whoever asks (the runner, staff, the member), so an invoice is charged once.

export type ChargeSource = 'auto' | 'staff' | 'member';

export interface ClaimedCharge {
  organizationId: string;
  paymentId: string;
  invoiceId: string;
  contactId: string;
  customerRef: string;
  cardRef: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
  offSession: boolean;
}

/** The provider's idempotency key of an invoice's n-th charge. */
export const chargeKey = (invoiceId: string, attempt: number) => `inv_${invoiceId}_charge_${attempt}`;

/** The invoice columns a claim reads, picked (and locked) on the invoices table alone. */
const PICKED = {
  organizationId: contactInvoices.organizationId,
  id: contactInvoices.id,
  contactId: contactInvoices.contactId,
  contractId: contactInvoices.contractId,
  number: contactInvoices.number,
  description: contactInvoices.description,
  amountCents: contactInvoices.amountCents,
  attemptCount: contactInvoices.attemptCount,
  status: contactInvoices.status,
  chargingPaymentId: contactInvoices.chargingPaymentId,
};

type Lock = (q: ReturnType<typeof pickQuery>) => { as: ReturnType<typeof pickQuery>['as'] };

const pickQuery = (tx: Queryable, where: SQL | undefined) =>
  tx.select(PICKED).from(contactInvoices).where(where).$dynamic();

/**
 * Invoices picked (and locked) by `where` and `lock` on their own table, with their contract's
 * title, the chosen card and the settings joined to the picked rows only. Joined before the
 * limit, a batch read every due invoice of the organisation with its contract and card (about a
 * second a batch at 100,000 due invoices, the planner's statistics lagging behind the invoices
 * just issued).
 */
function candidates(tx: Queryable, where: SQL | undefined, card: SQL | undefined, lock: Lock) {
  const i = lock(pickQuery(tx, where)).as('i');
  return tx
    .select({
      organizationId: i.organizationId,
      id: i.id,
      contactId: i.contactId,
      number: i.number,
      description: i.description,
      amountCents: i.amountCents,
      attemptCount: i.attemptCount,
      status: i.status,
      chargingPaymentId: i.chargingPaymentId,
      program: contactContracts.title,
      cardId: paymentCards.id,
      customerRef: paymentCards.customerRef,
      providerCardId: paymentCards.providerCardId,
      brand: paymentCards.brand,
      last4: paymentCards.last4,
      ...SETTINGS_COLUMNS,
    })
    .from(i)
    .leftJoin(contactContracts, tenantJoin(contactContracts, i, eq(contactContracts.id, i.contractId)))
    .leftJoin(
      paymentCards,
      and(eq(paymentCards.organizationId, i.organizationId), eq(paymentCards.contactId, i.contactId), card),
    )
    .leftJoin(billingSettings, eq(billingSettings.organizationId, i.organizationId));
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

function claimOf(
  c: Candidate,
  provider: string,
  source: ChargeSource,
  extra: { requestKey?: string | null; userId?: string | null },
): { insert: PendingPaymentRow; claim: ClaimedCharge } {
  const settings = settingsOf(c);
  const amount = c.amountCents;
  const fee = processingFee(amount, settings.fee, { method: 'card', programType: c.program }).fee;
  const attempt = c.attemptCount + 1;
  const paymentId = newId();
  const key = chargeKey(c.id, attempt);
  const insert: PendingPaymentRow = {
    organizationId: c.organizationId,
    id: paymentId,
    invoiceId: c.id,
    contactId: c.contactId,
    source,
    attempt,
    amountCents: amount + fee,
    feeCents: fee,
    provider,
    cardId: c.cardId!,
    cardLabel: cardLabel(c.brand!, c.last4!),
    customerRef: c.customerRef!,
    cardRef: c.providerCardId!,
    idempotencyKey: key,
    requestKey: extra.requestKey ?? null,
    createdBy: extra.userId ?? null,
  };
  const claim: ClaimedCharge = {
    organizationId: c.organizationId,
    paymentId,
    invoiceId: c.id,
    contactId: c.contactId,
    customerRef: c.customerRef!,
    cardRef: c.providerCardId!,
    amountCents: amount + fee,
    idempotencyKey: key,
    description: `${invoiceNumber(c.number)} ${c.description}`.slice(0, 200),
    offSession: source !== 'member',
  };
  return { insert, claim };
}

/** Writes the pending payments and points their invoices at them. */
async function writeClaims(tx: Queryable, inserts: PendingPaymentRow[]): Promise<void> {
  if (inserts.length === 0) return;
  await insertPendingPayments(tx, inserts);
  await markChargingInvoices(tx, inserts);
}

export interface DueScope {
  now: Date;
  provider: string;
  limit: number;
  organizationId?: string;
  contractId?: string;
}

export interface NoCardInvoice {
  organizationId: string;
  invoiceId: string;
  contactId: string;
}

/**
 * The runner's batch (no tenant binding, its filters name the organisations): unpaid invoices
 * whose next try has come and no charge is running, locked with SKIP LOCKED so two runners share
 * the work instead of charging one invoice twice. An invoice whose contact has no default card
 * stops being tried (the member is told instead).
 */
export async function claimDueCharges(
  tx: Queryable,
  scope: DueScope,
): Promise<{ claims: ClaimedCharge[]; noCard: NoCardInvoice[] }> {
  const where = and(
    eq(contactInvoices.status, 'due'),
    lte(contactInvoices.nextAttemptAt, scope.now),
    isNull(contactInvoices.chargingPaymentId),
    scope.organizationId ? eq(contactInvoices.organizationId, scope.organizationId) : undefined,
    scope.contractId ? eq(contactInvoices.contractId, scope.contractId) : undefined,
  );
  const found = await candidates(
    tx,
    where,
    and(sql`${paymentCards.isDefault}`, eq(paymentCards.provider, scope.provider)),
    (q) =>
      q
        .orderBy(asc(contactInvoices.nextAttemptAt))
        .limit(scope.limit)
        .for('update', { of: contactInvoices, skipLocked: true }),
  );
  const withCard = found.filter((c) => c.cardId);
  const made = withCard.map((c) => claimOf(c, scope.provider, 'auto', {}));
  await writeClaims(
    tx,
    made.map((m) => m.insert),
  );
  const noCard = found
    .filter((c) => !c.cardId)
    .map((c) => ({ organizationId: c.organizationId, invoiceId: c.id, contactId: c.contactId }));
  if (noCard.length > 0) {
    const i = contactInvoices;
    await tx
      .update(i)
      .set({ nextAttemptAt: null, updatedAt: sql`now()` })
      .where(
        and(
          inArray(i.organizationId, [...new Set(noCard.map((n) => n.organizationId))]),
          inArray(
            i.id,
            noCard.map((n) => n.invoiceId),
          ),
        ),
      );
  }
  return { claims: made.map((m) => m.claim), noCard };
}

/**
 * One invoice charged on request (staff's "Charge now", the member paying): in the request's
 * tenant transaction, the invoice locked until it commits. Refuses when the invoice is not
 * unpaid, a charge of it is running, or the contact has no such card.
 */
export async function claimInvoiceCharge(
  tx: Queryable,
  input: {
    organizationId: string;
    contactId: string;
    invoiceId: string;
    cardId?: string;
    provider: string;
    source: ChargeSource;
    userId: string | null;
    requestKey: string | null;
  },
): Promise<ClaimedCharge> {
  const card = input.cardId ? eq(paymentCards.id, input.cardId) : sql`${paymentCards.isDefault}`;
  const [found] = await candidates(
    tx,
    invoiceOf(input.organizationId, input.contactId, input.invoiceId),
    and(card, eq(paymentCards.provider, input.provider)),
    (q) => q.for('update', { of: contactInvoices }),
  );
  if (!found) throw notFound('Invoice');
  if (found.status !== 'due') throw conflict('Only a due or past-due invoice can be charged', 'status');
  if (found.chargingPaymentId) {
    throw conflict('A payment of this invoice is already in progress', 'status');
  }
  if (!found.cardId) {
    if (input.cardId) throw lookupMissing('cardId');
    throw conflict('There is no card on file to charge: add a card first', 'cardId');
  }
  const { insert, claim } = claimOf(found, input.provider, input.source, input);
  await writeClaims(tx, [insert]);
  return claim;
}
