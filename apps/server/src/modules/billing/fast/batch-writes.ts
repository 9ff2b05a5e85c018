import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { contactInvoices } from '../billing.tables.ts';
import type { billingEmails, invoicePayments } from '../charges/charges.tables.ts';
import type { ChargeOutcome } from '../charges/settle.ts';

// The billing run's batch writes whose values differ row by row: each is one UPDATE from a list of
// up to 500 rows sent as one JSON parameter, where the query builder would need one statement a
// row. README.md says which figure they hold.

type Payment = typeof invoicePayments.$inferSelect;
type Invoice = typeof contactInvoices.$inferSelect;

/** A JSON list of rows as a relation `x` with the typed columns `columns`. */
const listOf = (list: readonly object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as x(${sql.raw(columns.replace(/\s+/g, ' '))})`;

/** Each contract's next bill day after its invoices were issued. */
export async function moveNextBillDays(
  tx: Tx,
  moves: readonly { o: string; k: string; next: string | null }[],
) {
  if (moves.length === 0) return;
  await tx.execute(sql`update contact_contracts k set next_bill_day = x.next, updated_at = now()
      from ${listOf(moves, 'o uuid, k uuid, next date')}
      where k.organization_id = x.o and k.id = x.k`);
}

/** Points each invoice at the pending payment just written for it, with its attempt number. */
export async function markChargingInvoices(
  tx: Queryable,
  claims: readonly { organizationId: string; id: string; invoiceId: string; attempt: number | null }[],
) {
  if (claims.length === 0) return;
  const list = claims.map((c) => ({ o: c.organizationId, p: c.id, i: c.invoiceId, attempt: c.attempt }));
  await tx.execute(sql`update contact_invoices i set attempt_count = x.attempt, charging_payment_id = x.p,
      updated_at = now()
    from ${listOf(list, 'o uuid, p uuid, i uuid, attempt smallint')}
    where i.organization_id = x.o and i.id = x.i`);
}

/**
 * A payment settled now, with what its invoice, contact and organisation add (read by
 * settlePayments, the columns named as the tables' fields; instants and days as text).
 */
export type SettleRow = Pick<
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

/**
 * Settles the batch's payments with what the provider answered, in one statement, and reads what
 * the e-mails and the timeline need joined to each.
 */
export async function settlePayments(
  tx: Tx,
  outcomes: readonly ChargeOutcome[],
  now: Date,
): Promise<SettleRow[]> {
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
  return rows<SettleRow>(
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
}

export interface PaidInvoice {
  o: string;
  i: string;
  p: string;
  amount: number;
}

/** Invoices whose charge succeeded: paid, by card, for the amount charged. */
export async function markInvoicesPaid(tx: Tx, paid: readonly PaidInvoice[], now: Date) {
  if (paid.length === 0) return;
  await tx.execute(sql`update contact_invoices i set status = 'paid', paid_at = ${now.toISOString()}::timestamptz,
      payment_method = 'card', paid_cents = x.amount, charging_payment_id = null, next_attempt_at = null,
      last_failure_code = null, last_failure_message = null, updated_at = now()
    from ${listOf(paid, 'o uuid, i uuid, p uuid, amount integer')}
    where i.organization_id = x.o and i.id = x.i and i.charging_payment_id = x.p and i.status = 'due'`);
}

export interface FailedInvoice {
  o: string;
  i: string;
  p: string;
  n: number;
  next: string | null;
}

/** Invoices whose charge failed: the count of failures, the next try and the payment's reason. */
export async function markInvoicesFailed(tx: Tx, failed: readonly FailedInvoice[], now: Date) {
  if (failed.length === 0) return;
  await tx.execute(sql`update contact_invoices i set failed_attempts = x.n,
      first_failed_at = coalesce(i.first_failed_at, ${now.toISOString()}::timestamptz), next_attempt_at = x.next,
      last_failure_code = p.failure_code, last_failure_message = p.failure_message,
      charging_payment_id = null, updated_at = now()
    from ${listOf(failed, 'o uuid, i uuid, p uuid, n smallint, next timestamptz')}
    join invoice_payments p on p.organization_id = x.o and p.id = x.p
    where i.organization_id = x.o and i.id = x.i and i.charging_payment_id = x.p`);
}

/** Invoices to write in one statement (the runner's batch). */
export interface InvoiceRow {
  organizationId: string;
  id: string;
  contactId: string;
  contractId: string;
  number: number;
  description: string;
  amountCents: number;
  dueDate: string;
  periodStart: string;
  periodEnd: string | null;
}

/** The batch's new invoices, due and to be charged from `at`; a period issued before is skipped. */
export function insertInvoices(tx: Tx, invoices: readonly InvoiceRow[], at: string): Promise<InvoiceRow[]> {
  return rows<InvoiceRow>(
    tx,
    sql`insert into contact_invoices (organization_id, id, contact_id, contract_id, number, description,
          amount_cents, due_date, status, period_start, period_end, auto_charge, next_attempt_at)
        select "organizationId", id, "contactId", "contractId", number, description, "amountCents", "dueDate",
          'due', "periodStart", "periodEnd", true, ${at}::timestamptz
        from ${listOf(
          invoices,
          `"organizationId" uuid, id uuid, "contactId" uuid, "contractId" uuid, number integer,
          description text, "amountCents" integer, "dueDate" date, "periodStart" date, "periodEnd" date`,
        )}
        on conflict (organization_id, contract_id, period_start) where period_start is not null do nothing
        returning organization_id as "organizationId", id, contact_id as "contactId", contract_id as "contractId",
          number, description, amount_cents as "amountCents", to_char(due_date, 'YYYY-MM-DD') as "dueDate",
          to_char(period_start, 'YYYY-MM-DD') as "periodStart", to_char(period_end, 'YYYY-MM-DD') as "periodEnd"`,
  );
}

/** A pending card payment to write (the runner's batch). */
export type PendingPaymentRow = Pick<
  Payment,
  | 'organizationId'
  | 'id'
  | 'invoiceId'
  | 'contactId'
  | 'source'
  | 'attempt'
  | 'amountCents'
  | 'feeCents'
  | 'provider'
  | 'cardId'
  | 'cardLabel'
  | 'customerRef'
  | 'cardRef'
  | 'idempotencyKey'
  | 'requestKey'
  | 'createdBy'
>;

/** The batch's pending card charges, in one statement. */
export async function insertPendingPayments(tx: Queryable, payments: readonly PendingPaymentRow[]) {
  if (payments.length === 0) return;
  await tx.execute(sql`insert into invoice_payments (organization_id, id, invoice_id, contact_id, kind, method,
      status, source, attempt, amount_cents, fee_cents, provider, card_id, card_label, customer_ref, card_ref,
      idempotency_key, request_key, created_by)
    select "organizationId", id, "invoiceId", "contactId", 'charge', 'card', 'pending', source, attempt,
      "amountCents", "feeCents", provider, "cardId", "cardLabel", "customerRef", "cardRef", "idempotencyKey",
      "requestKey", "createdBy"
    from ${listOf(
      payments,
      `"organizationId" uuid, id uuid, "invoiceId" uuid, "contactId" uuid, source text,
      attempt smallint, "amountCents" integer, "feeCents" integer, provider text, "cardId" uuid, "cardLabel" text,
      "customerRef" text, "cardRef" text, "idempotencyKey" text, "requestKey" text, "createdBy" uuid`,
    )}`);
}

/** A billing e-mail to queue. */
export type MailRow = Pick<
  typeof billingEmails.$inferInsert,
  'organizationId' | 'id' | 'contactId' | 'kind' | 'toAddress' | 'subject' | 'body' | 'dedupeKey'
>;

/** Queues the batch's e-mails in one statement; one per dedupe key ever. */
export async function insertMails(tx: Queryable, mails: readonly MailRow[]) {
  if (mails.length === 0) return;
  await tx.execute(sql`insert into billing_emails
      (organization_id, id, contact_id, kind, to_address, subject, body, dedupe_key)
    select "organizationId", id, "contactId", kind, "toAddress", subject, body, "dedupeKey"
    from ${listOf(
      mails,
      `"organizationId" uuid, id uuid, "contactId" uuid, kind text, "toAddress" text,
      subject text, body text, "dedupeKey" text`,
    )}
    on conflict (organization_id, dedupe_key) do nothing`);
}
