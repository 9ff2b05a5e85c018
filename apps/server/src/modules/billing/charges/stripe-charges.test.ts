import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { cards, createStripeKit, dayFrom, memberWithCard, signedEvent } from '../billing.test-kit.ts';
import type { StripeStandIn } from '../payments/payments.test-kit.ts';
import { StripePaymentsProvider } from '../payments/stripe-provider.ts';
import { claimDueCharges } from './claim.ts';
import { sendCharge } from './send.ts';

// Billing on Stripe through the official SDK, against the local stand-in: PaymentIntents with the
// invoice's idempotency key, Stripe's decline and authentication test cards, refunds, finding a
// charge after Stripe has forgotten its key, webhooks checked by signature and applied once, and
// the SetupIntent the browser's card element needs.

const today = dayFrom(0);
const gold = { title: 'Gold Monthly', startDate: today, amountCents: 12900, billingInterval: 'monthly' };

describe(`billing on Stripe (${DB_KIND})`, () => {
  let k: Kit;
  let standIn: StripeStandIn;
  let close: () => Promise<void>;
  const detail = async (contactId: string, invoiceId: string) =>
    (await k.admin.get(`/api/contact-invoice/${contactId}/${invoiceId}`)).body.data;
  const firstInvoice = async (contactId: string) =>
    (await k.admin.get(`/api/contact-invoice/${contactId}`)).body.list[0];
  const deliver = (event: Parameters<typeof signedEvent>[0], secret?: string) => {
    const { payload, headers } = signedEvent(event, secret);
    return k.t.app.inject({ method: 'POST', url: '/api/payment/webhook', payload, headers });
  };

  beforeAll(async () => {
    ({ k, standIn, close } = await createStripeKit());
  });
  afterAll(() => close());

  it('charges a contract’s first invoice with a PaymentIntent keyed by the invoice and attempt', async () => {
    const { contactId } = await memberWithCard(k, 'Stripe Member', cards.visa);
    await k.admin.call('POST', `/api/contact-contract/${contactId}`, gold);
    const invoice = await firstInvoice(contactId);
    expect(invoice).toMatchObject({ status: 'paid', paidCents: 12900 });
    const [payment] = (await detail(contactId, invoice._id)).payments;
    expect(payment.providerRef).toMatch(/^pi_/);
    const sent = standIn.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(sent.headers['idempotency-key']).toBe(`inv_${invoice._id}_charge_1`);
    expect(sent.form).toMatchObject({
      amount: '12900',
      currency: 'usd',
      confirm: 'true',
      off_session: 'true',
      'metadata[invoice_id]': invoice._id,
      'metadata[idempotency_key]': `inv_${invoice._id}_charge_1`,
    });
  });

  it('records Stripe’s declines and the authentication a saved card asks for off-session', async () => {
    const declined = await memberWithCard(k, 'Stripe Declined', cards.declinesCharges);
    await k.admin.call('POST', `/api/contact-contract/${declined.contactId}`, gold);
    expect(await firstInvoice(declined.contactId)).toMatchObject({
      status: 'past_due',
      lastFailure: { code: 'generic_decline', message: 'Your card was declined.' },
    });
    const auth = await memberWithCard(k, 'Stripe Auth', cards.needsAuthentication);
    await k.admin.call('POST', `/api/contact-contract/${auth.contactId}`, gold);
    const invoice = await firstInvoice(auth.contactId);
    expect(invoice.lastFailure.code).toBe('authentication_required');
  });

  it('refunds through Stripe, in part', async () => {
    const { contactId } = await memberWithCard(k, 'Stripe Refund', cards.visa);
    await k.admin.call('POST', `/api/contact-contract/${contactId}`, gold);
    const invoice = await firstInvoice(contactId);
    const res = await k.admin.call('PUT', `/api/contact-invoice/${contactId}/${invoice._id}/refund`, {
      amountCents: 2900,
    });
    expect(res.body.data).toMatchObject({ status: 'paid', refundedCents: 2900 });
    const ref = (await detail(contactId, invoice._id)).payments.find(
      (p: { kind: string }) => p.kind === 'charge',
    ).providerRef;
    expect(standIn.intents.get(ref)?.refunded).toBe(2900);
    const refundCall = standIn.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refundCall.form).toMatchObject({ payment_intent: ref, amount: '2900' });
  });

  it('finds a charge by its key after Stripe has forgotten it, instead of charging again', async () => {
    const { contactId } = await memberWithCard(k, 'Crash Member', cards.visa);
    const invoiceId = (
      await k.admin.call('POST', `/api/contact-invoice/${contactId}`, {
        description: 'Annual fee',
        amountCents: 5000,
        dueDate: today,
      })
    ).body.data._id;
    // The invoice is due for a charge; the runner claims it, the charge goes through, and the
    // process dies before writing the outcome.
    await k.t.database.query('update contact_invoices set next_attempt_at = now() where id = $1', [
      invoiceId,
    ]);
    const provider = new StripePaymentsProvider(standIn.url, standIn.key);
    const { claims } = await k.t.database.db.transaction((tx) =>
      claimDueCharges(tx, { now: new Date(), provider: 'stripe', limit: 10, organizationId: k.org.id }),
    );
    const claim = claims.find((c) => c.invoiceId === invoiceId)!;
    expect((await sendCharge(provider, claim))?.status).toBe('succeeded');
    standIn.forgetKeys(); // a day later
    const before = standIn.succeededCharges().length;
    const { recoverPending } = await import('../runner/recover.ts');
    const recovered = await recoverPending(
      k.t.database.db,
      { provider, appUrl: 'http://localhost:3000', concurrency: 1 },
      { now: new Date(Date.now() + 86_400_000), batchSize: 100, organizationId: k.org.id },
    );
    expect(recovered).toBe(1);
    expect(standIn.succeededCharges().length).toBe(before);
    expect(await detail(contactId, invoiceId)).toMatchObject({ status: 'paid', attemptCount: 1 });
  });

  it('applies a payment’s webhook once, however often it comes, and refuses a bad signature', async () => {
    const { contactId } = await memberWithCard(k, 'Webhook Member', cards.visa);
    const invoiceId = (
      await k.admin.call('POST', `/api/contact-invoice/${contactId}`, {
        description: 'Workshop',
        amountCents: 7000,
        dueDate: today,
      })
    ).body.data._id;
    standIn.settings.asyncCharges = true;
    const pending = await k.admin.call('POST', `/api/contact-invoice/${contactId}/${invoiceId}/charge`);
    standIn.settings.asyncCharges = false;
    expect(pending.body).toMatchObject({
      message: 'The payment is being processed',
      data: { status: 'due' },
    });
    const ref = (await detail(contactId, invoiceId)).payments[0].providerRef;
    const intent = standIn.intents.get(ref)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const event = { id: 'evt_paid_1', type: 'payment_intent.succeeded', data: { object: intent } };
    const forged = await deliver(event, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('The webhook signature does not match');
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, applied: true });
    expect((await deliver(event)).json()).toEqual({ received: true, applied: false });
    expect((await deliver({ ...event, id: 'evt_paid_2' })).json()).toEqual({
      received: true,
      applied: false,
    });
    expect(await detail(contactId, invoiceId)).toMatchObject({ status: 'paid', paidCents: 7000 });
    const receipts = await k.scalar(
      `select count(*)::int as n from billing_emails where contact_id = $1 and kind = 'receipt'`,
      [contactId],
    );
    expect(receipts).toBe(1);
    const other = await deliver({
      id: 'evt_other',
      type: 'customer.created',
      data: { object: { id: 'cus_x' } },
    });
    expect(other.json()).toEqual({ received: true, applied: false });
  });

  it('gives the card element a SetupIntent and saves the card it collected', async () => {
    const { contactId } = await memberWithCard(k, 'Elements Member');
    const setup = await k.admin.call('POST', `/api/payment/cards/${contactId}/setup`);
    expect(setup.body.clientSecret).toMatch(/^seti_.+_secret_/);
    // What Stripe.js does in the browser: the card goes to Stripe and is attached to the customer.
    const customer = [...standIn.customers.values()].find((c) => c.metadata.contact_id === contactId)!;
    const headers = {
      authorization: `Bearer ${standIn.key}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const pm = (await (
      await fetch(`${standIn.url}/v1/payment_methods`, {
        method: 'POST',
        headers,
        body: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2034',
      })
    ).json()) as { id: string };
    await fetch(`${standIn.url}/v1/payment_methods/${pm.id}/attach`, {
      method: 'POST',
      headers,
      body: `customer=${customer.id}`,
    });
    const saved = await k.admin.call('POST', `/api/payment/cards/${contactId}`, { token: pm.id });
    expect(saved.body.data).toMatchObject({ brand: 'Visa', last4: '4242', isDefault: true });
    expect((await k.admin.get('/api/payment/config')).body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_stand_in',
      showTestCards: false,
    });
  });
});
