import type { ChargeResult, PaymentScope, PaymentsProvider } from '../payments/index.ts';
import { PaymentError } from '../payments/index.ts';
import type { ClaimedCharge } from './claim.ts';
import type { ChargeOutcome } from './settle.ts';

// Sending claimed charges to the provider, a few at a time. A refused card or a card the provider
// no longer has is an outcome (failed); a provider that cannot be reached leaves the charge
// pending, and the runner's recovery asks the provider about it later with the same key.

/** The currency every amount is in. */
export const CURRENCY = 'usd';

export async function sendCharge(
  provider: PaymentsProvider,
  claim: ClaimedCharge,
): Promise<ChargeResult | null> {
  const scope: PaymentScope = { organizationId: claim.organizationId };
  try {
    return await provider.charge(scope, requestOf(claim));
  } catch (err) {
    if (!(err instanceof PaymentError) || err.kind === 'unavailable') return null;
    return { id: null, status: 'failed', failureCode: err.code, failureMessage: err.message };
  }
}

const requestOf = (claim: ClaimedCharge) => ({
  organizationId: claim.organizationId,
  customerId: claim.customerRef,
  cardId: claim.cardRef,
  amountCents: claim.amountCents,
  currency: CURRENCY,
  idempotencyKey: claim.idempotencyKey,
  offSession: claim.offSession,
  description: claim.description,
  metadata: { invoice_id: claim.invoiceId, payment_id: claim.paymentId },
});

/**
 * Sends every claim: in one call where the provider takes batches (the sandbox), otherwise with
 * at most `concurrency` in flight; answers the outcomes known now.
 */
export async function sendCharges(
  provider: PaymentsProvider,
  claims: readonly ClaimedCharge[],
  concurrency: number,
): Promise<ChargeOutcome[]> {
  const outcomes: ChargeOutcome[] = [];
  let rest = claims;
  if (provider.chargeMany && claims.length > 0) {
    const results = await provider.chargeMany(claims.map(requestOf)).catch(() => claims.map(() => null));
    rest = claims.filter((_, i) => results[i] === null);
    claims.forEach((claim, i) => {
      const result = results[i];
      if (result) outcomes.push({ organizationId: claim.organizationId, paymentId: claim.paymentId, result });
    });
  }
  let next = 0;
  const worker = async () => {
    while (next < rest.length) {
      const claim = rest[next++]!;
      const result = await sendCharge(provider, claim);
      if (result) outcomes.push({ organizationId: claim.organizationId, paymentId: claim.paymentId, result });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rest.length) }, worker));
  return outcomes;
}
