import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { PaymentEvent, PaymentsProvider } from '../payments/index.ts';
import { invoicePayments } from './charges.tables.ts';
import { settleCharges } from './settle.ts';

// The provider's events about payments (Stripe webhooks): the signature is checked over the raw
// body first. The payment is found by the provider's payment id (unique) or, when the event
// outruns the charge's own answer, by the idempotency key in its metadata; settling is
// conditional on the payment still being pending, so a second delivery of the event, or another
// event about the same payment, changes nothing.

export async function handleWebhook(
  db: Database,
  provider: PaymentsProvider,
  rawBody: Buffer,
  signature: string | undefined,
  appUrl: string,
): Promise<{ received: true; applied: boolean }> {
  if (!provider.parseEvent) throw notFound('Webhook');
  let event: PaymentEvent;
  try {
    event = provider.parseEvent(rawBody, signature ?? '');
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook signature does not match');
  }
  if (!event.paymentRef || !event.outcome) return { received: true, applied: false };
  const { paymentRef, outcome } = event;
  return db.transaction(async (tx) => {
    const orgId = event.metadata.organization_id ?? null;
    const key = event.metadata.idempotency_key ?? null;
    // The answer to the charge may not have been written yet: the metadata names the payment too.
    const p = invoicePayments;
    const [payment] = await tx
      .select({ organizationId: p.organizationId, id: p.id })
      .from(p)
      .where(
        and(
          eq(p.kind, 'charge'),
          eq(p.provider, provider.name),
          or(
            eq(p.providerRef, paymentRef),
            orgId && key ? and(eq(p.organizationId, orgId), eq(p.idempotencyKey, key)) : undefined,
          ),
        ),
      )
      .limit(1);
    if (!payment) return { received: true as const, applied: false };
    const settled = await settleCharges(
      tx,
      [{ organizationId: payment.organizationId, paymentId: payment.id, result: outcome }],
      new Date(),
      appUrl,
    );
    return { received: true as const, applied: settled.length > 0 };
  });
}
