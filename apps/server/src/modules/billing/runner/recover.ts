import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
import { completePendingRefund } from '../charges/refund.service.ts';
import { CURRENCY } from '../charges/send.ts';
import { type ChargeOutcome, settleCharges } from '../charges/settle.ts';
import { type ChargeResult, PaymentError } from '../payments/index.ts';
import type { RunDeps, RunScope } from './run-scope.ts';

// Payments left pending by a crash (or a provider that could not be reached) are finished with
// the key they were written with. A charge is first looked up at the provider by that key (kept
// in its metadata, so this works after the provider forgot the key itself); only a charge the
// provider never made is sent again. Charges the provider reports as still processing are left
// to its webhook.

/** Pending this long, a payment is taken to be abandoned by the request or run that made it. */
export const STALE_AFTER_MS = 2 * 60_000;

interface PendingRow {
  organization_id: string;
  id: string;
  invoice_id: string;
  contact_id: string;
  kind: 'charge' | 'refund';
  amount_cents: number;
  customer_ref: string | null;
  card_ref: string | null;
  idempotency_key: string | null;
  provider: string | null;
  charge_ref: string | null;
  number: number;
  description: string;
}

export async function recoverPending(db: Database, deps: RunDeps, scope: RunScope): Promise<number> {
  const before = new Date(+scope.now - STALE_AFTER_MS).toISOString();
  const pending = await rows<PendingRow>(
    db,
    sql`select p.organization_id, p.id, p.invoice_id, p.contact_id, p.kind, p.amount_cents, p.customer_ref,
          p.card_ref, p.idempotency_key, p.provider, c.provider_ref as charge_ref, i.number, i.description
        from invoice_payments p
        join contact_invoices i on i.organization_id = p.organization_id and i.id = p.invoice_id
        left join invoice_payments c on c.organization_id = p.organization_id and c.id = p.refund_of
        where p.status = 'pending' and p.created_at < ${before}::timestamptz
          and (p.provider is null or p.provider = ${deps.provider.name})
          ${scope.organizationId ? sql`and p.organization_id = ${scope.organizationId}` : sql``}
        order by p.created_at
        limit ${scope.batchSize}`,
  );
  const outcomes: ChargeOutcome[] = [];
  let recovered = 0;
  for (const p of pending) {
    const scopeOf = { organizationId: p.organization_id };
    try {
      if (p.kind === 'refund') {
        let providerRef: string | null = null;
        if (p.provider && p.charge_ref && p.idempotency_key) {
          const made = await deps.provider.refund(scopeOf, {
            chargeId: p.charge_ref,
            amountCents: Number(p.amount_cents),
            idempotencyKey: p.idempotency_key,
          });
          if (made.status === 'failed') continue;
          providerRef = made.id;
        }
        await db.transaction((tx) =>
          completePendingRefund(
            tx,
            {
              organizationId: p.organization_id,
              id: p.id,
              invoiceId: p.invoice_id,
              contactId: p.contact_id,
              amount: Number(p.amount_cents),
              providerRef: providerRef ?? '',
            },
            deps.appUrl,
          ),
        );
        recovered++;
        continue;
      }
      if (!p.customer_ref || !p.card_ref || !p.idempotency_key) continue;
      let result: ChargeResult | null = await deps.provider.findCharge(
        scopeOf,
        p.customer_ref,
        p.idempotency_key,
      );
      if (!result) {
        result = await deps.provider.charge(scopeOf, {
          customerId: p.customer_ref,
          cardId: p.card_ref,
          amountCents: Number(p.amount_cents),
          currency: CURRENCY,
          idempotencyKey: p.idempotency_key,
          offSession: true,
          description: p.description,
          metadata: { invoice_id: p.invoice_id, payment_id: p.id },
        });
      }
      if (result.status !== 'pending')
        outcomes.push({ organizationId: p.organization_id, paymentId: p.id, result });
    } catch (err) {
      // Still unreachable: the next run tries again. A refusal settles the charge as failed.
      if (err instanceof PaymentError && err.kind !== 'unavailable' && p.kind === 'charge') {
        outcomes.push({
          organizationId: p.organization_id,
          paymentId: p.id,
          result: { id: null, status: 'failed', failureCode: err.code, failureMessage: err.message },
        });
      }
    }
  }
  const settled = await db.transaction((tx) => settleCharges(tx, outcomes, scope.now, deps.appUrl));
  return recovered + settled.length;
}
