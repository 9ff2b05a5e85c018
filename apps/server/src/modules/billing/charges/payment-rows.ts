import type { PaymentAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';

// Payments of an invoice as the API answers them (its charge attempts and refunds).

interface PaymentRow {
  id: string;
  invoice_id: string;
  kind: PaymentAnswer['kind'];
  method: PaymentAnswer['method'];
  status: PaymentAnswer['status'];
  source: PaymentAnswer['source'];
  attempt: number | null;
  amount_cents: number;
  fee_cents: number;
  refunded_cents: number;
  card_label: string | null;
  failure_code: string | null;
  failure_message: string | null;
  provider_ref: string | null;
  reason: string | null;
  created_at: string;
  settled_at: string | null;
}

export const PAYMENT_COLUMNS = sql`p.id, p.invoice_id, p.kind, p.method, p.status, p.source, p.attempt,
  p.amount_cents, p.fee_cents, p.refunded_cents, p.card_label, p.failure_code, p.failure_message, p.provider_ref,
  p.reason, ${isoText(sql`p.created_at`)} as created_at, ${isoText(sql`p.settled_at`)} as settled_at`;

export const toPaymentAnswer = (r: PaymentRow): PaymentAnswer => ({
  _id: r.id,
  invoiceId: r.invoice_id,
  kind: r.kind,
  method: r.method,
  status: r.status,
  source: r.source,
  attempt: r.attempt === null ? null : Number(r.attempt),
  amountCents: Number(r.amount_cents),
  feeCents: Number(r.fee_cents),
  refundedCents: Number(r.refunded_cents),
  card: r.card_label,
  failureCode: r.failure_code,
  failureMessage: r.failure_message,
  providerRef: r.provider_ref,
  reason: r.reason,
  createdAt: r.created_at,
  settledAt: r.settled_at,
});

/** The invoice's payments, newest first. */
export async function paymentsOf(tx: Queryable, orgId: string, invoiceId: string): Promise<PaymentAnswer[]> {
  const found = await rows<PaymentRow>(
    tx,
    sql`select ${PAYMENT_COLUMNS} from invoice_payments p
        where p.organization_id = ${orgId} and p.invoice_id = ${invoiceId}
        order by p.created_at desc, p.id desc`,
  );
  return found.map(toPaymentAnswer);
}

/** One payment by id (of this organisation), or undefined. */
export async function paymentById(
  tx: Queryable,
  orgId: string,
  id: string,
): Promise<PaymentAnswer | undefined> {
  const [row] = await rows<PaymentRow>(
    tx,
    sql`select ${PAYMENT_COLUMNS} from invoice_payments p where p.organization_id = ${orgId} and p.id = ${id}`,
  );
  return row ? toPaymentAnswer(row) : undefined;
}
