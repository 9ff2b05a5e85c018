import type { PaymentAnswer } from '@opsuite/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { invoicePayments } from './charges.tables.ts';

// Payments of an invoice as the API answers them (its charge attempts and refunds).

type PaymentRow = typeof invoicePayments.$inferSelect;

export const toPaymentAnswer = (r: PaymentRow): PaymentAnswer => ({
  _id: r.id,
  invoiceId: r.invoiceId,
  kind: r.kind,
  method: r.method,
  status: r.status,
  source: r.source,
  attempt: r.attempt,
  amountCents: r.amountCents,
  feeCents: r.feeCents,
  refundedCents: r.refundedCents,
  card: r.cardLabel,
  failureCode: r.failureCode,
  failureMessage: r.failureMessage,
  providerRef: r.providerRef,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  settledAt: r.settledAt?.toISOString() ?? null,
});

/** The invoice's payments, newest first. */
export async function paymentsOf(tx: Queryable, orgId: string, invoiceId: string): Promise<PaymentAnswer[]> {
  const found = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.organizationId, orgId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(desc(invoicePayments.createdAt), desc(invoicePayments.id));
  return found.map(toPaymentAnswer);
}

/** One payment by id (of this organisation), or undefined. */
export async function paymentById(
  tx: Queryable,
  orgId: string,
  id: string,
): Promise<PaymentAnswer | undefined> {
  const [row] = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.organizationId, orgId), eq(invoicePayments.id, id)));
  return row ? toPaymentAnswer(row) : undefined;
}
