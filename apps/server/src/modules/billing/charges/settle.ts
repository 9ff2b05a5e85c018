import { formatDayLabel, isoDateInZone, nextDunningRetryAt } from '@opsuite/shared';
import type { Tx } from '../../../db/client.ts';
import { type ActivityInput, recordActivities } from '../../contacts/index.ts';
import { syncBillingStates } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import { failedMail, type MailContext, queueMails, receiptMail } from '../emails/emails.ts';
import {
  type FailedInvoice,
  markInvoicesFailed,
  markInvoicesPaid,
  type PaidInvoice,
  settlePayments,
} from '../fast/batch-writes.ts';
import type { ChargeResult } from '../payments/index.ts';
import { inSlices, SLICE, yieldToRequests } from '../runner/run-scope.ts';
import { settingsOf } from '../settings/settings.service.ts';

// Settling charges once the provider has answered (or a webhook, or the crash recovery): the
// payment row moves from pending to its outcome by one conditional update, so an outcome that
// arrives twice is applied once. A success pays the invoice and e-mails a receipt; a failure makes
// the invoice and the contact past due, schedules the next try by the organisation's dunning days
// (none after a hard decline or the last try) and e-mails the member with a link to pay.

export interface ChargeOutcome {
  organizationId: string;
  paymentId: string;
  result: ChargeResult;
}

export interface SettledCharge {
  organizationId: string;
  paymentId: string;
  invoiceId: string;
  contactId: string;
  status: 'succeeded' | 'failed' | 'pending';
  failureCode: string | null;
  failureMessage: string | null;
  nextAttemptAt: string | null;
}

/** Settles outcomes in the caller's transaction; answers those that changed a payment now. */
export async function settleCharges(
  tx: Tx,
  outcomes: readonly ChargeOutcome[],
  now: Date,
  appUrl: string,
): Promise<SettledCharge[]> {
  if (outcomes.length === 0) return [];
  const found = await settlePayments(tx, outcomes, now);
  const settled: SettledCharge[] = [];
  const paid: PaidInvoice[] = [];
  const failed: FailedInvoice[] = [];
  const activities: ActivityInput[] = [];
  const mails: ReturnType<typeof receiptMail>[] = [];
  const touched: { organizationId: string; contactId: string }[] = [];
  for (const [n, r] of found.entries()) {
    if (n > 0 && n % SLICE === 0) await yieldToRequests();
    const number = invoiceNumber(Number(r.number));
    const card = r.cardLabel ?? 'card';
    const mail: MailContext = {
      organizationId: r.organizationId,
      orgName: r.orgName,
      timeZone: r.timeZone,
      contactId: r.contactId,
      contactName: r.fullName,
      contactEmail: r.email,
      appUrl,
    };
    let nextAttemptAt: string | null = null;
    if (r.status === 'succeeded') {
      paid.push({ o: r.organizationId, i: r.invoiceId, p: r.id, amount: Number(r.amountCents) });
      activities.push({
        organizationId: r.organizationId,
        contactId: r.contactId,
        kind: 'invoice.paid',
        title: `Payment received: ${number} (${formatMoney(Number(r.amountCents))}, ${card})`,
        data: { invoiceId: r.invoiceId, paymentId: r.id },
      });
      mails.push(
        receiptMail(mail, {
          paymentId: r.id,
          invoiceNumber: number,
          description: r.description,
          amountCents: Number(r.amountCents),
          feeCents: Number(r.feeCents),
          feeTitle: r.feeTitle,
          method: card,
          at: now,
        }),
      );
      if (r.wasOverdue) touched.push({ organizationId: r.organizationId, contactId: r.contactId });
    } else if (r.status === 'failed') {
      const failures = Number(r.failedAttempts) + 1;
      const next = nextDunningRetryAt({
        firstFailedAt: r.firstFailedAt ? new Date(r.firstFailedAt) : now,
        failedAttempts: failures,
        declineCode: r.failureCode,
        retryDays: settingsOf({ retryDays: r.retryDays }).retryDays,
      });
      nextAttemptAt = next === null ? null : new Date(next).toISOString();
      failed.push({ o: r.organizationId, i: r.invoiceId, p: r.id, n: failures, next: nextAttemptAt });
      const reason = r.failureMessage ?? 'The payment did not go through.';
      const when = nextAttemptAt
        ? `next try ${formatDayLabel(isoDateInZone(new Date(nextAttemptAt), r.timeZone))}`
        : 'no more automatic tries';
      activities.push({
        organizationId: r.organizationId,
        contactId: r.contactId,
        kind: 'payment.failed',
        title: `Card charge failed: ${number} (${formatMoney(Number(r.amountCents))}, ${card}): ${reason} — ${when}`,
        data: { invoiceId: r.invoiceId, paymentId: r.id, code: r.failureCode },
      });
      mails.push(
        failedMail(mail, {
          paymentId: r.id,
          invoiceNumber: number,
          amountCents: Number(r.amountCents),
          card,
          reason,
          nextTryAt: nextAttemptAt ? new Date(nextAttemptAt) : null,
        }),
      );
      touched.push({ organizationId: r.organizationId, contactId: r.contactId });
    }
    settled.push({
      organizationId: r.organizationId,
      paymentId: r.id,
      invoiceId: r.invoiceId,
      contactId: r.contactId,
      status: r.status,
      failureCode: r.failureCode,
      failureMessage: r.failureMessage,
      nextAttemptAt,
    });
  }
  await markInvoicesPaid(tx, paid, now);
  await markInvoicesFailed(tx, failed, now);
  await syncBillingStates(tx, touched);
  await inSlices(activities, (slice) => recordActivities(tx, slice));
  await queueMails(tx, mails);
  return settled;
}
