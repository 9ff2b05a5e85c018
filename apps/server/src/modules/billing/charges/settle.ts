import { formatDayLabel, isoDateInZone, nextDunningRetryAt } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { type ActivityInput, recordActivities } from '../../contacts/index.ts';
import type { contactInvoices } from '../billing.tables.ts';
import { syncBillingStates } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import { failedMail, type MailContext, queueMails, receiptMail } from '../emails/emails.ts';
import type { ChargeResult } from '../payments/index.ts';
import { inSlices, SLICE, yieldToRequests } from '../runner/run-scope.ts';
import { settingsOf } from '../settings/settings.service.ts';
import type { invoicePayments } from './charges.tables.ts';

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

type Payment = typeof invoicePayments.$inferSelect;
type Invoice = typeof contactInvoices.$inferSelect;

/**
 * A payment settled now, with what its invoice, contact and organisation add (read by the raw
 * statement below, the columns named as the tables' fields; instants and days as text).
 */
type SettleRow = Pick<
  Payment,
  | 'organizationId'
  | 'id'
  | 'invoiceId'
  | 'contactId'
  | 'status'
  | 'amountCents'
  | 'feeCents'
  | 'cardLabel'
  | 'failureCode'
  | 'failureMessage'
> &
  Pick<Invoice, 'number' | 'description' | 'dueDate' | 'failedAttempts'> & {
    firstFailedAt: string | null;
    retryDays: number[] | string | null;
    feeTitle: string | null;
    fullName: string;
    email: string | null;
    orgName: string;
    timeZone: string;
    wasOverdue: boolean;
  };

/** Settles outcomes in the caller's transaction; answers those that changed a payment now. */
export async function settleCharges(
  tx: Tx,
  outcomes: readonly ChargeOutcome[],
  now: Date,
  appUrl: string,
): Promise<SettledCharge[]> {
  if (outcomes.length === 0) return [];
  const json = JSON.stringify(
    outcomes.map((o) => ({
      organization_id: o.organizationId,
      id: o.paymentId,
      status: o.result.status,
      ref: o.result.id,
      code: o.result.failureCode,
      message: o.result.failureMessage,
    })),
  );
  const at = now.toISOString();
  // Raw: one statement settles the batch (UPDATE ... FROM a JSON list, in a CTE) and reads what the
  // e-mails and timeline need joined to it; in the builder the list would be untyped SQL all the same.
  const found = await rows<SettleRow>(
    tx,
    sql`with x as (
          select * from jsonb_to_recordset(${json}::jsonb)
            as x(organization_id uuid, id uuid, status text, ref text, code text, message text)),
        p as (
          update invoice_payments p set status = x.status, provider_ref = coalesce(x.ref, p.provider_ref),
            failure_code = x.code, failure_message = x.message,
            settled_at = case when x.status = 'pending' then null else ${at}::timestamptz end
          from x where p.organization_id = x.organization_id and p.id = x.id and p.status = 'pending'
          returning p.*)
        select p.organization_id as "organizationId", p.id, p.invoice_id as "invoiceId",
          p.contact_id as "contactId", p.status, p.amount_cents as "amountCents", p.fee_cents as "feeCents",
          p.card_label as "cardLabel", p.failure_code as "failureCode", p.failure_message as "failureMessage",
          i.number, i.description, to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
          i.failed_attempts as "failedAttempts", ${isoText(sql`i.first_failed_at`)} as "firstFailedAt",
          s.retry_days as "retryDays", s.fee_title as "feeTitle", c.full_name as "fullName", c.email,
          o.name as "orgName", o.time_zone as "timeZone",
          (i.failed_attempts > 0 or i.due_date < (${at}::timestamptz at time zone o.time_zone)::date) as "wasOverdue"
        from p
        join contact_invoices i on i.organization_id = p.organization_id and i.id = p.invoice_id
        -- A lateral lookup by the whole key: joined plainly, the planner (which cannot count the
        -- rows the update returns) scanned every contact of a large organisation for each payment.
        cross join lateral (select c.full_name, c.email from contacts c
          where c.organization_id = p.organization_id and c.id = p.contact_id offset 0) c
        join organizations o on o.id = p.organization_id
        left join billing_settings s on s.organization_id = p.organization_id`,
  );
  const settled: SettledCharge[] = [];
  const paid: object[] = [];
  const failed: object[] = [];
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
  if (paid.length > 0) {
    // Raw: UPDATE ... FROM a JSON list of rows, a source the builder takes only as untyped SQL.
    await tx.execute(sql`update contact_invoices i set status = 'paid', paid_at = ${at}::timestamptz,
        payment_method = 'card', paid_cents = x.amount, charging_payment_id = null, next_attempt_at = null,
        last_failure_code = null, last_failure_message = null, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) x(o uuid, i uuid, p uuid, amount integer)
      where i.organization_id = x.o and i.id = x.i and i.charging_payment_id = x.p and i.status = 'due'`);
  }
  if (failed.length > 0) {
    // Raw: UPDATE ... FROM a JSON list joined to the payments; the builder takes it only as untyped SQL.
    await tx.execute(sql`update contact_invoices i set failed_attempts = x.n,
        first_failed_at = coalesce(i.first_failed_at, ${at}::timestamptz), next_attempt_at = x.next,
        last_failure_code = p.failure_code, last_failure_message = p.failure_message,
        charging_payment_id = null, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) x(o uuid, i uuid, p uuid, n smallint, next timestamptz)
      join invoice_payments p on p.organization_id = x.o and p.id = x.p
      where i.organization_id = x.o and i.id = x.i and i.charging_payment_id = x.p`);
  }
  await syncBillingStates(tx, touched);
  await inSlices(activities, (slice) => recordActivities(tx, slice));
  await queueMails(tx, mails);
  return settled;
}
