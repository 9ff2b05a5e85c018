import { processingFee } from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { cardLabel, invoiceNumber } from '../billing-text.ts';
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

interface Candidate {
  organization_id: string;
  id: string;
  contact_id: string;
  number: number;
  description: string;
  amount_cents: number;
  attempt_count: number;
  status: string;
  charging_payment_id: string | null;
  program: string | null;
  card_id: string | null;
  customer_ref: string | null;
  provider_card_id: string | null;
  brand: string | null;
  last4: string | null;
  retry_days: number[] | string | null;
  fee_enabled: boolean | null;
  fee_basis_points: number | null;
  fee_title: string | null;
}

/**
 * Invoices `i` picked (and locked) by `where` and `tail` on their own table, with their contract's
 * title, the chosen card `pc` and the settings `s` joined to the picked rows only. Joined before
 * the limit, a batch read every due invoice of the organisation with its contract and card (about
 * a second a batch at 100,000 due invoices, the planner's statistics lagging behind the invoices
 * just issued).
 */
function candidatesSql(where: SQL, card: SQL, tail: SQL) {
  return sql`select i.organization_id, i.id, i.contact_id, i.number, i.description, i.amount_cents,
      i.attempt_count, i.status, i.charging_payment_id, k.title as program,
      pc.id as card_id, pc.customer_ref, pc.provider_card_id, pc.brand, pc.last4, ${SETTINGS_COLUMNS}
    from (select i.organization_id, i.id, i.contact_id, i.contract_id, i.number, i.description, i.amount_cents,
            i.attempt_count, i.status, i.charging_payment_id
          from contact_invoices i
          where ${where}
          ${tail}) i
    left join contact_contracts k on k.organization_id = i.organization_id and k.id = i.contract_id
    left join payment_cards pc on pc.organization_id = i.organization_id and pc.contact_id = i.contact_id and ${card}
    left join billing_settings s on s.organization_id = i.organization_id`;
}

interface PaymentInsert {
  organization_id: string;
  id: string;
  invoice_id: string;
  contact_id: string;
  source: ChargeSource;
  attempt: number;
  amount_cents: number;
  fee_cents: number;
  provider: string;
  card_id: string;
  card_label: string;
  customer_ref: string;
  card_ref: string;
  idempotency_key: string;
  request_key: string | null;
  created_by: string | null;
}

function claimOf(
  c: Candidate,
  provider: string,
  source: ChargeSource,
  extra: { requestKey?: string | null; userId?: string | null },
): { insert: PaymentInsert; claim: ClaimedCharge } {
  const settings = settingsOf(c);
  const amount = Number(c.amount_cents);
  const fee = processingFee(amount, settings.fee, { method: 'card', programType: c.program }).fee;
  const attempt = Number(c.attempt_count) + 1;
  const paymentId = newId();
  const key = chargeKey(c.id, attempt);
  const insert: PaymentInsert = {
    organization_id: c.organization_id,
    id: paymentId,
    invoice_id: c.id,
    contact_id: c.contact_id,
    source,
    attempt,
    amount_cents: amount + fee,
    fee_cents: fee,
    provider,
    card_id: c.card_id!,
    card_label: cardLabel(c.brand!, c.last4!),
    customer_ref: c.customer_ref!,
    card_ref: c.provider_card_id!,
    idempotency_key: key,
    request_key: extra.requestKey ?? null,
    created_by: extra.userId ?? null,
  };
  const claim: ClaimedCharge = {
    organizationId: c.organization_id,
    paymentId,
    invoiceId: c.id,
    contactId: c.contact_id,
    customerRef: c.customer_ref!,
    cardRef: c.provider_card_id!,
    amountCents: amount + fee,
    idempotencyKey: key,
    description: `${invoiceNumber(Number(c.number))} ${c.description}`.slice(0, 200),
    offSession: source !== 'member',
  };
  return { insert, claim };
}

/** Writes the pending payments and points their invoices at them. */
async function writeClaims(tx: Queryable, inserts: PaymentInsert[]): Promise<void> {
  if (inserts.length === 0) return;
  const json = JSON.stringify(inserts);
  await tx.execute(sql`insert into invoice_payments (organization_id, id, invoice_id, contact_id, kind, method,
      status, source, attempt, amount_cents, fee_cents, provider, card_id, card_label, customer_ref, card_ref,
      idempotency_key, request_key, created_by)
    select organization_id, id, invoice_id, contact_id, 'charge', 'card', 'pending', source, attempt, amount_cents,
      fee_cents, provider, card_id, card_label, customer_ref, card_ref, idempotency_key, request_key, created_by
    from jsonb_to_recordset(${json}::jsonb) as x(organization_id uuid, id uuid, invoice_id uuid, contact_id uuid,
      source text, attempt smallint, amount_cents integer, fee_cents integer, provider text, card_id uuid,
      card_label text, customer_ref text, card_ref text, idempotency_key text, request_key text, created_by uuid)`);
  await tx.execute(sql`update contact_invoices i set attempt_count = x.attempt, charging_payment_id = x.id,
      updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as x(organization_id uuid, id uuid, invoice_id uuid, attempt smallint)
    where i.organization_id = x.organization_id and i.id = x.invoice_id`);
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
  const where = sql`i.status = 'due' and i.next_attempt_at <= ${scope.now.toISOString()}::timestamptz
    and i.charging_payment_id is null
    ${scope.organizationId ? sql`and i.organization_id = ${scope.organizationId}` : sql``}
    ${scope.contractId ? sql`and i.contract_id = ${scope.contractId}` : sql``}`;
  const found = await rows<Candidate>(
    tx,
    candidatesSql(
      where,
      sql`pc.is_default and pc.provider = ${scope.provider}`,
      sql`order by i.next_attempt_at limit ${scope.limit} for update of i skip locked`,
    ),
  );
  const withCard = found.filter((c) => c.card_id);
  const made = withCard.map((c) => claimOf(c, scope.provider, 'auto', {}));
  await writeClaims(
    tx,
    made.map((m) => m.insert),
  );
  const noCard = found
    .filter((c) => !c.card_id)
    .map((c) => ({ organizationId: c.organization_id, invoiceId: c.id, contactId: c.contact_id }));
  if (noCard.length > 0) {
    const json = JSON.stringify(noCard.map((n) => ({ o: n.organizationId, i: n.invoiceId })));
    await tx.execute(sql`update contact_invoices i set next_attempt_at = null, updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) x(o uuid, i uuid)
      where i.organization_id = x.o and i.id = x.i`);
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
  const card = input.cardId ? sql`pc.id = ${input.cardId}` : sql`pc.is_default`;
  const [found] = await rows<Candidate>(
    tx,
    candidatesSql(
      sql`i.organization_id = ${input.organizationId} and i.contact_id = ${input.contactId}
        and i.id = ${input.invoiceId}`,
      sql`${card} and pc.provider = ${input.provider}`,
      sql`for update of i`,
    ),
  );
  if (!found) throw notFound('Invoice');
  if (found.status !== 'due') throw conflict('Only a due or past-due invoice can be charged', 'status');
  if (found.charging_payment_id) {
    throw conflict('A payment of this invoice is already in progress', 'status');
  }
  if (!found.card_id) {
    if (input.cardId) throw lookupMissing('cardId');
    throw conflict('There is no card on file to charge: add a card first', 'cardId');
  }
  const { insert, claim } = claimOf(found, input.provider, input.source, input);
  await writeClaims(tx, [insert]);
  return claim;
}
