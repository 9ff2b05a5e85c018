import { formatDayLabel, formatInstantAt, isoDateInZone } from '@opsuite/shared';
import type { Queryable } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { formatMoney } from '../billing-text.ts';
import { insertMails } from '../fast/batch-writes.ts';

// The e-mails billing sends a member: a receipt for every payment and refund, a notice for every
// failed charge with the day of the next try and a link to pay in the member portal, and a notice
// when an invoice could not be charged because no card is on file. They are queued in the same
// transaction as the change they tell about (billing_emails) and sent by the runner.

export interface MailContext {
  organizationId: string;
  orgName: string;
  timeZone: string;
  contactId: string;
  contactName: string;
  contactEmail: string | null;
  /** The app's public address (APP_URL): links go to the member portal. */
  appUrl: string;
}

export interface QueuedMail {
  organizationId: string;
  contactId: string;
  kind: 'receipt' | 'refund' | 'payment-failed' | 'final-notice' | 'no-card';
  to: string;
  subject: string;
  body: string;
  /** One e-mail per event, however often its change is settled. */
  dedupeKey: string;
}

const DAY = { weekday: undefined, year: 'numeric' } as const;

// A batch of receipts shares one instant and a few zones: formatting it once per zone saves the
// Intl formatters every call would otherwise build.
const stamps = new Map<string, string>();
function stampOf(at: Date, timeZone: string): string {
  const key = `${+at}|${timeZone}`;
  let text = stamps.get(key);
  if (text === undefined) {
    if (stamps.size > 200) stamps.clear();
    text = formatInstantAt(at, timeZone);
    stamps.set(key, text);
  }
  return text;
}

export const portalLink = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/access-control`;

/**
 * One e-mail to the member of `m`, or null when they have no address (nothing is queued then).
 * Every billing e-mail is addressed here.
 */
function toMember(
  m: MailContext,
  mail: Pick<QueuedMail, 'kind' | 'subject' | 'body' | 'dedupeKey'>,
): QueuedMail | null {
  if (!m.contactEmail) return null;
  return { organizationId: m.organizationId, contactId: m.contactId, to: m.contactEmail, ...mail };
}

const greeting = (m: MailContext) => `Hello ${m.contactName.split(/\s+/)[0] || m.contactName},`;
const signOff = (m: MailContext) => `\nThank you,\n${m.orgName}`;

interface PaidLine {
  invoiceNumber: string;
  description: string;
  amountCents: number;
  feeCents: number;
  feeTitle?: string | null;
  method: string;
  at: Date;
}

export function receiptMail(m: MailContext, p: PaidLine & { paymentId: string }): QueuedMail | null {
  const lines = [
    greeting(m),
    '',
    `We received your payment of ${formatMoney(p.amountCents)} for ${p.invoiceNumber} (${p.description}).`,
    '',
    `Invoice: ${p.invoiceNumber}`,
    ...(p.feeCents > 0
      ? [
          `Amount: ${formatMoney(p.amountCents - p.feeCents)}`,
          `${p.feeTitle || 'Processing fee'}: ${formatMoney(p.feeCents)}`,
        ]
      : []),
    `Total paid: ${formatMoney(p.amountCents)}`,
    `Paid with: ${p.method}`,
    `Date: ${stampOf(p.at, m.timeZone)}`,
    signOff(m),
  ];
  return toMember(m, {
    kind: 'receipt',
    subject: `Receipt for ${p.invoiceNumber} from ${m.orgName}`,
    body: lines.join('\n'),
    dedupeKey: `receipt:${p.paymentId}`,
  });
}

export function refundMail(
  m: MailContext,
  r: { refundId: string; invoiceNumber: string; amountCents: number; method: string; at: Date },
): QueuedMail | null {
  const where = r.method.includes('••••') ? `to your ${r.method}` : `(${r.method})`;
  return toMember(m, {
    kind: 'refund',
    subject: `Refund for ${r.invoiceNumber} from ${m.orgName}`,
    body: [
      greeting(m),
      '',
      `We refunded ${formatMoney(r.amountCents)} of ${r.invoiceNumber} ${where}.`,
      'Card refunds usually reach your account within 5 to 10 business days.',
      '',
      `Date: ${stampOf(r.at, m.timeZone)}`,
      signOff(m),
    ].join('\n'),
    dedupeKey: `refund:${r.refundId}`,
  });
}

export function failedMail(
  m: MailContext,
  f: {
    paymentId: string;
    invoiceNumber: string;
    amountCents: number;
    card: string;
    reason: string;
    nextTryAt: Date | null;
  },
): QueuedMail | null {
  const next = f.nextTryAt
    ? `We will try your card again on ${formatDayLabel(isoDateInZone(f.nextTryAt, m.timeZone), DAY)}.`
    : 'We will not try this card again.';
  return toMember(m, {
    kind: f.nextTryAt ? 'payment-failed' : 'final-notice',
    subject: f.nextTryAt
      ? `Payment failed for ${f.invoiceNumber}: please update your card`
      : `Final notice: ${f.invoiceNumber} is unpaid`,
    body: [
      greeting(m),
      '',
      `We could not charge ${formatMoney(f.amountCents)} for ${f.invoiceNumber} to your ${f.card}: ${f.reason}`,
      next,
      '',
      `Pay now or add another card in your member portal: ${portalLink(m.appUrl)}`,
      signOff(m),
    ].join('\n'),
    dedupeKey: `failed:${f.paymentId}`,
  });
}

export function noCardMail(
  m: MailContext,
  i: { invoiceId: string; invoiceNumber: string; amountCents: number; dueDate: string },
): QueuedMail | null {
  return toMember(m, {
    kind: 'no-card',
    subject: `${i.invoiceNumber} from ${m.orgName} is due`,
    body: [
      greeting(m),
      '',
      `Your invoice ${i.invoiceNumber} of ${formatMoney(i.amountCents)} is due on ${formatDayLabel(i.dueDate, DAY)}.`,
      'There is no card on file to charge it to.',
      '',
      `Pay it or add a card in your member portal: ${portalLink(m.appUrl)}`,
      signOff(m),
    ].join('\n'),
    dedupeKey: `no-card:${i.invoiceId}`,
  });
}

/** Queues e-mails in the caller's transaction; one per dedupe key ever. */
export async function queueMails(tx: Queryable, mails: readonly (QueuedMail | null)[]): Promise<void> {
  const list = mails.filter((m): m is QueuedMail => m !== null);
  if (list.length === 0) return;
  await insertMails(
    tx,
    list.map((m) => ({
      organizationId: m.organizationId,
      id: newId(),
      contactId: m.contactId,
      kind: m.kind,
      toAddress: m.to,
      subject: m.subject,
      body: m.body,
      dedupeKey: m.dedupeKey,
    })),
  );
}
