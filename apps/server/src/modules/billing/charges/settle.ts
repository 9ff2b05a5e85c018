import { formatDayLabel, isoDateInZone, nextDunningRetryAt } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import { type ActivityInput, recordActivities } from '../../contacts/index.ts';
import { syncBillingStates } from '../billing-state.ts';
import { formatMoney, invoiceNumber } from '../billing-text.ts';
import { failedMail, type MailContext, queueMails, receiptMail } from '../emails/emails.ts';
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

interface SettleRow {
  organization_id: string;
  id: string;
  invoice_id: string;
  contact_id: string;
  status: 'succeeded' | 'failed' | 'pending';
  amount_cents: number;
  fee_cents: number;
  card_label: string | null;
  failure_code: string | null;
  failure_message: string | null;
  number: number;
  description: string;
  invoice_amount: number;
  due_date: string;
  failed_attempts: number;
  first_failed_at: string | null;
  retry_days: number[] | string | null;
  fee_title: string | null;
  full_name: string;
  email: string | null;
  org_name: string;
  time_zone: string;
  was_overdue: boolean;
}

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
        select p.organization_id, p.id, p.invoice_id, p.contact_id, p.status, p.amount_cents, p.fee_cents,
          p.card_label, p.failure_code, p.failure_message, i.number, i.description, i.amount_cents as invoice_amount,
          to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.failed_attempts,
          ${isoText(sql`i.first_failed_at`)} as first_failed_at, s.retry_days, s.fee_title,
          c.full_name, c.email, o.name as org_name, o.time_zone,
          (i.failed_attempts > 0 or i.due_date < (${at}::timestamptz at time zone o.time_zone)::date) as was_overdue
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
    const card = r.card_label ?? 'card';
    const mail: MailContext = {
      organizationId: r.organization_id,
      orgName: r.org_name,
      timeZone: r.time_zone,
      contactId: r.contact_id,
      contactName: r.full_name,
      contactEmail: r.email,
      appUrl,
    };
    let nextAttemptAt: string | null = null;
    if (r.status === 'succeeded') {
      paid.push({ o: r.organization_id, i: r.invoice_id, p: r.id, amount: Number(r.amount_cents) });
      activities.push({
        organizationId: r.organization_id,
        contactId: r.contact_id,
        kind: 'invoice.paid',
        title: `Payment received: ${number} (${formatMoney(Number(r.amount_cents))}, ${card})`,
        data: { invoiceId: r.invoice_id, paymentId: r.id },
      });
      mails.push(
        receiptMail(mail, {
          paymentId: r.id,
          invoiceNumber: number,
          description: r.description,
          amountCents: Number(r.amount_cents),
          feeCents: Number(r.fee_cents),
          feeTitle: r.fee_title,
          method: card,
          at: now,
        }),
      );
      if (r.was_overdue) touched.push({ organizationId: r.organization_id, contactId: r.contact_id });
    } else if (r.status === 'failed') {
      const failures = Number(r.failed_attempts) + 1;
      const next = nextDunningRetryAt({
        firstFailedAt: r.first_failed_at ? new Date(r.first_failed_at) : now,
        failedAttempts: failures,
        declineCode: r.failure_code,
        retryDays: settingsOf({ retryDays: r.retry_days }).retryDays,
      });
      nextAttemptAt = next === null ? null : new Date(next).toISOString();
      failed.push({ o: r.organization_id, i: r.invoice_id, p: r.id, n: failures, next: nextAttemptAt });
      const reason = r.failure_message ?? 'The payment did not go through.';
      const when = nextAttemptAt
        ? `next try ${formatDayLabel(isoDateInZone(new Date(nextAttemptAt), r.time_zone))}`
        : 'no more automatic tries';
      activities.push({
        organizationId: r.organization_id,
        contactId: r.contact_id,
        kind: 'payment.failed',
        title: `Card charge failed: ${number} (${formatMoney(Number(r.amount_cents))}, ${card}): ${reason} — ${when}`,
        data: { invoiceId: r.invoice_id, paymentId: r.id, code: r.failure_code },
      });
      mails.push(
        failedMail(mail, {
          paymentId: r.id,
          invoiceNumber: number,
          amountCents: Number(r.amount_cents),
          card,
          reason,
          nextTryAt: nextAttemptAt ? new Date(nextAttemptAt) : null,
        }),
      );
      touched.push({ organizationId: r.organization_id, contactId: r.contact_id });
    }
    settled.push({
      organizationId: r.organization_id,
      paymentId: r.id,
      invoiceId: r.invoice_id,
      contactId: r.contact_id,
      status: r.status,
      failureCode: r.failure_code,
      failureMessage: r.failure_message,
      nextAttemptAt,
    });
  }
  if (paid.length > 0) {
    await tx.execute(sql`update contact_invoices i set status = 'paid', paid_at = ${at}::timestamptz,
        payment_method = 'card', paid_cents = x.amount, charging_payment_id = null, next_attempt_at = null,
        last_failure_code = null, last_failure_message = null, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) x(o uuid, i uuid, p uuid, amount integer)
      where i.organization_id = x.o and i.id = x.i and i.charging_payment_id = x.p and i.status = 'due'`);
  }
  if (failed.length > 0) {
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
