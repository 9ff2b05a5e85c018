import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { contactInvoices } from '../billing.tables.ts';
import { invoicePayments } from '../charges/charges.tables.ts';
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

export async function recoverPending(db: Database, deps: RunDeps, scope: RunScope): Promise<number> {
  const before = new Date(+scope.now - STALE_AFTER_MS).toISOString();
  const p = invoicePayments;
  const c = alias(invoicePayments, 'c');
  const i = contactInvoices;
  const pending = await db
    .select({
      organizationId: p.organizationId,
      id: p.id,
      invoiceId: p.invoiceId,
      contactId: p.contactId,
      kind: p.kind,
      amountCents: p.amountCents,
      customerRef: p.customerRef,
      cardRef: p.cardRef,
      idempotencyKey: p.idempotencyKey,
      provider: p.provider,
      chargeRef: c.providerRef,
      number: i.number,
      description: i.description,
    })
    .from(p)
    .innerJoin(i, tenantJoin(i, p, eq(i.id, p.invoiceId)))
    .leftJoin(c, tenantJoin(c, p, eq(c.id, p.refundOf)))
    .where(
      and(
        eq(p.status, 'pending'),
        lt(p.createdAt, new Date(before)),
        or(isNull(p.provider), eq(p.provider, deps.provider.name)),
        scope.organizationId ? eq(p.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(asc(p.createdAt))
    .limit(scope.batchSize);
  const outcomes: ChargeOutcome[] = [];
  let recovered = 0;
  for (const p of pending) {
    const scopeOf = { organizationId: p.organizationId };
    try {
      if (p.kind === 'refund') {
        let providerRef: string | null = null;
        if (p.provider && p.chargeRef && p.idempotencyKey) {
          const made = await deps.provider.refund(scopeOf, {
            chargeId: p.chargeRef,
            amountCents: p.amountCents,
            idempotencyKey: p.idempotencyKey,
          });
          if (made.status === 'failed') continue;
          providerRef = made.id;
        }
        await db.transaction((tx) =>
          completePendingRefund(
            tx,
            {
              organizationId: p.organizationId,
              id: p.id,
              invoiceId: p.invoiceId,
              contactId: p.contactId,
              amount: p.amountCents,
              providerRef: providerRef ?? '',
            },
            deps.appUrl,
          ),
        );
        recovered++;
        continue;
      }
      if (!p.customerRef || !p.cardRef || !p.idempotencyKey) continue;
      let result: ChargeResult | null = await deps.provider.findCharge(
        scopeOf,
        p.customerRef,
        p.idempotencyKey,
      );
      if (!result) {
        result = await deps.provider.charge(scopeOf, {
          customerId: p.customerRef,
          cardId: p.cardRef,
          amountCents: p.amountCents,
          currency: CURRENCY,
          idempotencyKey: p.idempotencyKey,
          offSession: true,
          description: p.description,
          metadata: { invoice_id: p.invoiceId, payment_id: p.id },
        });
      }
      if (result.status !== 'pending')
        outcomes.push({ organizationId: p.organizationId, paymentId: p.id, result });
    } catch (err) {
      // Still unreachable: the next run tries again. A refusal settles the charge as failed.
      if (err instanceof PaymentError && err.kind !== 'unavailable' && p.kind === 'charge') {
        outcomes.push({
          organizationId: p.organizationId,
          paymentId: p.id,
          result: { id: null, status: 'failed', failureCode: err.code, failureMessage: err.message },
        });
      }
    }
  }
  const settled = await db.transaction((tx) => settleCharges(tx, outcomes, scope.now, deps.appUrl));
  return recovered + settled.length;
}
