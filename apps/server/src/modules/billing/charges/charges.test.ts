import { anchoredMonthDay } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { billingKit, cards, dayFrom, memberWithCard } from '../billing.test-kit.ts';
import { sendQueuedMails } from '../runner/mail-sender.ts';

// The charge path through the API on the sandbox provider: contracts charged on the day they
// start, declines making the member past due, paying with another card, "Mark as paid", charges
// answered again for a repeated Idempotency-Key, refunds in part and in full, the processing fee.

const today = dayFrom(0);
const gold = { title: 'Gold Monthly', startDate: today, amountCents: 12900, billingInterval: 'monthly' };

describe(`charging invoices (${DB_KIND})`, () => {
  let k: Kit;
  const mails = (contactId: string) =>
    k.t.database.query<{ kind: string; subject: string; body: string }>(
      'select kind, subject, body from billing_emails where contact_id = $1 order by created_at',
      [contactId],
    );
  const detail = async (contactId: string, invoiceId: string) =>
    (await k.admin.get(`/api/contact-invoice/${contactId}/${invoiceId}`)).body.data;
  const firstInvoice = async (contactId: string) =>
    (await k.admin.get(`/api/contact-invoice/${contactId}`)).body.list[0];

  beforeAll(async () => {
    k = await billingKit();
  });
  afterAll(() => k.t.close());

  it('a contract starting today issues its first invoice and charges the default card at once', async () => {
    const { contactId } = await memberWithCard(k, 'Paying Member', cards.visa);
    const added = await k.admin.call('POST', `/api/contact-contract/${contactId}`, {
      ...gold,
      signUpFeeCents: 2500,
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      invoiceCount: 1,
      signUpFeeCents: 2500,
      anchorDay: today,
      nextBillDay: anchoredMonthDay(today, 1),
    });
    expect(added.body.billing).toEqual({ plan: 'Gold Monthly', paymentStatus: 'none' });
    const invoice = await firstInvoice(contactId);
    expect(invoice).toMatchObject({
      status: 'paid',
      amountCents: 15400,
      paidCents: 15400,
      paymentMethod: 'card',
      periodStart: today,
      periodEnd: anchoredMonthDay(today, 1),
      attemptCount: 1,
      failedAttempts: 0,
      lastFailure: null,
    });
    expect(invoice.description).toContain('Gold Monthly');
    expect(invoice.description).toContain('sign-up fee $25.00');
    const { payments } = await detail(contactId, invoice._id);
    expect(payments).toEqual([
      expect.objectContaining({
        kind: 'charge',
        status: 'succeeded',
        source: 'auto',
        attempt: 1,
        amountCents: 15400,
        card: 'Visa •••• 4242',
        providerRef: expect.stringMatching(/^ch_sbx_/),
      }),
    ]);
    expect((await mails(contactId)).map((m) => m.kind)).toEqual(['receipt']);
    const timeline = (await k.admin.get(`/api/contact-activity/${contactId}`)).body.list;
    expect(timeline.map((a: { kind: string }) => a.kind)).toEqual(
      expect.arrayContaining(['contract.added', 'invoice.paid']),
    );
  });

  it('a declined card makes the invoice and the member past due; another card pays it', async () => {
    const { contactId } = await memberWithCard(k, 'Declined Member', cards.declinesCharges);
    const added = await k.admin.call('POST', `/api/contact-contract/${contactId}`, gold);
    expect(added.body.billing).toEqual({ plan: 'Gold Monthly', paymentStatus: 'past_due' });
    const invoice = await firstInvoice(contactId);
    expect(invoice).toMatchObject({
      status: 'past_due',
      failedAttempts: 1,
      lastFailure: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const retryIn = +new Date(invoice.nextAttemptAt) - Date.now();
    expect(retryIn).toBeGreaterThan(86_400_000 - 60_000);
    expect(retryIn).toBeLessThanOrEqual(86_400_000);
    const [failed] = await mails(contactId);
    expect(failed).toMatchObject({ kind: 'payment-failed' });
    expect(failed!.body).toContain('http://localhost:3000/access-control');
    expect(failed!.body).toContain('Your card was declined.');

    // The same card again: refused, told why, recorded as the second attempt.
    const again = await k.admin.call('POST', `/api/contact-invoice/${contactId}/${invoice._id}/charge`);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    expect((await detail(contactId, invoice._id)).failedAttempts).toBe(2);

    const good = await k.admin.call('POST', `/api/payment/cards/${contactId}`, {
      ...cards.visa,
      makeDefault: true,
    });
    expect(good.status).toBe(200);
    const paid = await k.admin.call('POST', `/api/contact-invoice/${contactId}/${invoice._id}/charge`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      message: 'Charged $129.00 to Visa •••• 4242',
      data: { status: 'paid', nextAttemptAt: null, lastFailure: null },
      billing: { paymentStatus: 'none' },
    });
    const attempts = (await detail(contactId, invoice._id)).payments.map(
      (p: { attempt: number; status: string }) => [p.attempt, p.status],
    );
    expect(attempts).toEqual([
      [3, 'succeeded'],
      [2, 'failed'],
      [1, 'failed'],
    ]);
  });

  it('"Mark as paid" with Card charges the saved card; Cash is recorded as taken outside', async () => {
    const { contactId } = await memberWithCard(k, 'Desk Member', cards.visa);
    const make = async (description: string) =>
      (
        await k.admin.call('POST', `/api/contact-invoice/${contactId}`, {
          description,
          amountCents: 4000,
          dueDate: today,
        })
      ).body.data._id as string;
    const byCard = await make('Class pack');
    const charged = await k.admin.call('PUT', `/api/contact-invoice/${contactId}/${byCard}/pay`, {
      method: 'card',
    });
    expect(charged.body).toMatchObject({
      message: 'Charged $40.00 to Visa •••• 4242',
      data: { status: 'paid' },
    });
    expect((await detail(contactId, byCard)).payments[0]).toMatchObject({
      source: 'staff',
      card: 'Visa •••• 4242',
    });
    const byCash = await make('Drop-in');
    const cash = await k.admin.call('PUT', `/api/contact-invoice/${contactId}/${byCash}/pay`, {
      method: 'cash',
    });
    expect(cash.body).toMatchObject({ message: 'Invoice marked as paid', data: { paymentMethod: 'cash' } });
    expect((await detail(contactId, byCash)).payments[0]).toMatchObject({
      method: 'cash',
      card: null,
      providerRef: null,
    });
    expect((await mails(contactId)).map((m) => m.kind)).toEqual(['receipt', 'receipt']);
  });

  it('answers a repeated Idempotency-Key with the same payment and charges once', async () => {
    const { contactId } = await memberWithCard(k, 'Retry Member', cards.visa);
    const invoiceId = (
      await k.admin.call('POST', `/api/contact-invoice/${contactId}`, {
        description: 'Personal training',
        amountCents: 6000,
        dueDate: today,
      })
    ).body.data._id;
    const url = `/api/contact-invoice/${contactId}/${invoiceId}/charge`;
    const send = () =>
      k.t.app.inject({
        method: 'POST',
        url,
        headers: { ...k.admin.session.headers, 'idempotency-key': 'req-0001-abc' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(first.json().message);
    expect(
      await k.scalar('select count(*)::int as n from invoice_payments where invoice_id = $1', [invoiceId]),
    ).toBe(1);
    // Another key on a paid invoice is refused.
    const other = await k.t.app.inject({
      method: 'POST',
      url,
      headers: { ...k.admin.session.headers, 'idempotency-key': 'req-0002-abc' },
    });
    expect(other.statusCode).toBe(409);
  });

  it('refunds in part and in full through the provider and refuses more than is left', async () => {
    const { contactId } = await memberWithCard(k, 'Refund Member', cards.visa);
    await k.admin.call('POST', `/api/contact-contract/${contactId}`, gold);
    const invoice = await firstInvoice(contactId);
    const url = `/api/contact-invoice/${contactId}/${invoice._id}/refund`;
    const part = await k.admin.call('PUT', url, { amountCents: 5000, reason: 'Missed classes' });
    expect(part.body).toMatchObject({
      message: `Refunded $50.00 of ${invoice.number}`,
      data: { status: 'paid', refundedCents: 5000 },
    });
    const tooMuch = await k.admin.call('PUT', url, { amountCents: 8000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.details[0]).toMatchObject({
      field: 'amountCents',
      message: 'The refund is more than the 79.00 left to refund',
    });
    const rest = await k.admin.call('PUT', url);
    expect(rest.body).toMatchObject({
      message: 'Invoice refunded',
      data: { status: 'refund', refundedCents: 12900 },
    });
    const done = await k.admin.call('PUT', url, { amountCents: 1 });
    expect(done.status).toBe(409);
    expect(done.body.error.message).toBe('Only a paid invoice can be refunded');
    const charged = await k.t.database.query<{ refunded_cents: number }>(
      'select refunded_cents from sandbox_payment_charges where organization_id = $1 and id = $2',
      [k.org.id, (await detail(contactId, invoice._id)).payments.at(-1).providerRef],
    );
    expect(Number(charged[0]!.refunded_cents)).toBe(12900);
    const refunds = (await detail(contactId, invoice._id)).payments.filter(
      (p: { kind: string }) => p.kind === 'refund',
    );
    expect(refunds.map((r: { amountCents: number; status: string }) => [r.amountCents, r.status])).toEqual([
      [7900, 'succeeded'],
      [5000, 'succeeded'],
    ]);
    expect((await mails(contactId)).map((m) => m.kind)).toEqual(['receipt', 'refund', 'refund']);
  });

  it('passes the processing fee to the payer when the organisation says so', async () => {
    const settings = {
      retryDays: [1, 3, 7],
      processingFeeEnabled: true,
      processingFeePercent: 3,
      processingFeeTitle: 'Card fee',
    };
    expect((await k.admin.call('PUT', '/api/payment/settings', settings)).body).toEqual({
      success: true,
      message: 'Billing settings saved',
      data: settings,
    });
    expect((await k.admin.get('/api/payment/processing-fee', { amountCents: 10000 })).body).toEqual({
      fee: 300,
      percent: 3,
      title: 'Card fee',
      applied: true,
      programType: null,
      method: 'card',
    });
    expect(
      (await k.admin.get('/api/payment/processing-fee', { amountCents: 10000, method: 'cash' })).body,
    ).toMatchObject({
      fee: 0,
      applied: false,
    });
    const { contactId } = await memberWithCard(k, 'Fee Member', cards.visa);
    await k.admin.call('POST', `/api/contact-contract/${contactId}`, { ...gold, amountCents: 10000 });
    const invoice = await firstInvoice(contactId);
    expect(invoice).toMatchObject({ amountCents: 10000, paidCents: 10300, status: 'paid' });
    expect((await detail(contactId, invoice._id)).payments[0]).toMatchObject({
      amountCents: 10300,
      feeCents: 300,
    });
    expect((await mails(contactId))[0]!.body).toContain('Card fee: $3.00');
    const bad = await k.admin.call('PUT', '/api/payment/settings', { ...settings, retryDays: [3, 1] });
    expect(bad.status).toBe(400);
    await k.admin.call('PUT', '/api/payment/settings', { ...settings, processingFeeEnabled: false });
  });

  it('sends each queued e-mail once and lists them for the organisation', async () => {
    const before = k.t.mailer.recent.length;
    const sent = await sendQueuedMails(k.t.database.db, k.t.mailer);
    expect(sent).toBeGreaterThan(0);
    expect(await sendQueuedMails(k.t.database.db, k.t.mailer)).toBe(0);
    expect(k.t.mailer.recent.length - before).toBe(Math.min(sent, 50));
    const listed = (await k.admin.get('/api/payment/emails', { pageSize: 100 })).body;
    expect(listed.pagination.total).toBe(sent);
    expect(listed.list.every((m: { sentAt: string | null }) => m.sentAt !== null)).toBe(true);
    expect((await k.intruder.get('/api/payment/emails')).body.pagination.total).toBe(0);
  });

  it('keeps other organisations and members without permission out', async () => {
    const { contactId } = await memberWithCard(k, 'Private Member', cards.visa);
    await k.admin.call('POST', `/api/contact-contract/${contactId}`, gold);
    const invoice = await firstInvoice(contactId);
    const base = `/api/contact-invoice/${contactId}/${invoice._id}`;
    for (const [method, url] of [
      ['GET', base],
      ['POST', `${base}/charge`],
      ['PUT', `${base}/refund`],
      ['PUT', `${base}/pay`],
    ] as const) {
      expect((await k.intruder.call(method, url, {})).status, `${method} ${url}`).toBe(404);
    }
    expect((await k.client.call('PUT', `${base}/refund`, {})).status).toBe(403);
    expect((await detail(contactId, invoice._id)).status).toBe('paid');
  });
});
