import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { withTenant } from '../../../db/tenant.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import {
  billingKit,
  cards,
  createStripeKit,
  dayFrom,
  memberWithCard,
  signedEvent,
} from '../billing.test-kit.ts';
import { billingServices } from '../billing-services.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import type { StripeStandIn } from '../payments/payments.test-kit.ts';

// Never twice, under concurrency: races only show on a real server (PGlite runs one transaction
// at a time). 100 "pay" calls on one invoice, two runners at once, the runner racing the member
// paying through the portal, two refunds at once, a webhook delivered twice at once, and a
// request retried with its key after the provider forgot it.

const onPostgres = DB_KIND === 'postgres';
if (!onPostgres) {
  console.log(
    'Billing race tests skipped: they need real PostgreSQL (PGlite runs one transaction at a time)',
  );
}
const today = dayFrom(0);

async function invoiceFor(k: Kit, contactId: string, amountCents = 5000) {
  return (
    await k.admin.call('POST', `/api/contact-invoice/${contactId}`, {
      description: 'Race',
      amountCents,
      dueDate: today,
    })
  ).body.data._id as string;
}

describe.skipIf(!onPostgres)('billing under concurrency (postgres)', () => {
  let k: Kit;
  const charges = (invoiceId: string) =>
    k.scalar(
      `select count(*)::int as n from sandbox_payment_charges where idempotency_key like $1 and status = 'succeeded'`,
      [`inv_${invoiceId}_%`],
    );

  beforeAll(async () => {
    k = await billingKit();
  });
  afterAll(() => k.t.close());

  it('100 parallel "pay" calls on one invoice charge it exactly once', async () => {
    const { contactId } = await memberWithCard(k, 'Hundred Clicks', cards.visa);
    const invoiceId = await invoiceFor(k, contactId);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        k.admin.call('PUT', `/api/contact-invoice/${contactId}/${invoiceId}/pay`, { method: 'card' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    expect(await charges(invoiceId)).toBe(1);
    expect(
      await k.scalar('select count(*)::int as n from invoice_payments where invoice_id = $1', [invoiceId]),
    ).toBe(1);
  });

  it('two runners at once charge each due invoice once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { contactId } = await memberWithCard(k, `Runner ${i}`, cards.visa);
      const id = await invoiceFor(k, contactId, 1000 + i);
      ids.push(id);
    }
    await k.t.database.query('update contact_invoices set next_attempt_at = now() where id = any($1)', [ids]);
    const { runner } = billingServices(k.t.app);
    const [a, b] = await Promise.all([
      runner.run({ organizationId: k.org.id }),
      runner.run({ organizationId: k.org.id }),
    ]);
    expect(a.charged + b.charged).toBe(30);
    for (const id of ids) expect(await charges(id)).toBe(1);
    const paid = await k.scalar(
      `select count(*)::int as n from contact_invoices where id = any($1) and status = 'paid'`,
      [ids],
    );
    expect(paid).toBe(30);
  });

  it('the automatic charge racing the member paying through the portal charges once', async () => {
    const services = billingServices(k.t.app);
    const ctx = { organizationId: k.org.id, userId: null } as unknown as RequestContext;
    const run: TenantRun = (fn) => withTenant(k.t.database.db, k.org.id, fn);
    for (let round = 0; round < 5; round++) {
      const { contactId } = await memberWithCard(k, `Portal Racer ${round}`, cards.visa);
      const invoiceId = await invoiceFor(k, contactId);
      await k.t.database.query('update contact_invoices set next_attempt_at = now() where id = $1', [
        invoiceId,
      ]);
      await Promise.allSettled([
        services.runner.run({ organizationId: k.org.id }),
        services.payInvoice(run, ctx, contactId, invoiceId, { source: 'member' }),
      ]);
      expect(await charges(invoiceId), `round ${round}`).toBe(1);
      const state = await k.t.database.query<{ status: string }>(
        'select status from contact_invoices where id = $1',
        [invoiceId],
      );
      expect(state[0]!.status).toBe('paid');
    }
  });

  it('two refunds at once never give back more than was paid', async () => {
    const { contactId } = await memberWithCard(k, 'Double Refund', cards.visa);
    const invoiceId = await invoiceFor(k, contactId, 10000);
    await k.admin.call('PUT', `/api/contact-invoice/${contactId}/${invoiceId}/pay`, { method: 'card' });
    const answers = await Promise.all(
      [6000, 6000].map((amountCents) =>
        k.admin.call('PUT', `/api/contact-invoice/${contactId}/${invoiceId}/refund`, { amountCents }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refunded = await k.scalar(
      `select coalesce(sum(refunded_cents), 0)::int as n from sandbox_payment_charges where idempotency_key like $1`,
      [`inv_${invoiceId}_%`],
    );
    expect(refunded).toBe(6000);
  });
});

describe.skipIf(!onPostgres)('billing on Stripe under concurrency (postgres)', () => {
  let k: Kit;
  let standIn: StripeStandIn;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ k, standIn, close } = await createStripeKit());
  });
  afterAll(() => close());

  it('a webhook delivered several times at once settles the payment once', async () => {
    const { contactId } = await memberWithCard(k, 'Webhook Racer', cards.visa);
    const invoiceId = await invoiceFor(k, contactId, 7000);
    standIn.settings.asyncCharges = true;
    await k.admin.call('POST', `/api/contact-invoice/${contactId}/${invoiceId}/charge`);
    standIn.settings.asyncCharges = false;
    const detail = (await k.admin.get(`/api/contact-invoice/${contactId}/${invoiceId}`)).body.data;
    const intent = standIn.intents.get(detail.payments[0].providerRef)!;
    intent.status = 'succeeded';
    const deliveries = ['evt_a', 'evt_a', 'evt_a', 'evt_b', 'evt_c'].map((id) => {
      const { payload, headers } = signedEvent({
        id,
        type: 'payment_intent.succeeded',
        data: { object: intent },
      });
      return k.t.app.inject({ method: 'POST', url: '/api/payment/webhook', payload, headers });
    });
    const answers = (await Promise.all(deliveries)).map((r) => r.json());
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    const receipts = await k.scalar(
      `select count(*)::int as n from billing_emails where contact_id = $1 and kind = 'receipt'`,
      [contactId],
    );
    expect(receipts).toBe(1);
    const paidActivities = await k.scalar(
      `select count(*)::int as n from contact_activities where contact_id = $1 and kind = 'invoice.paid'`,
      [contactId],
    );
    expect(paidActivities).toBe(1);
  });

  it('a request retried with its key after Stripe forgot the key charges once', async () => {
    const { contactId } = await memberWithCard(k, 'Late Retry', cards.visa);
    const invoiceId = await invoiceFor(k, contactId);
    const send = () =>
      k.t.app.inject({
        method: 'POST',
        url: `/api/contact-invoice/${contactId}/${invoiceId}/charge`,
        headers: { ...k.admin.session.headers, 'idempotency-key': `late-retry-${invoiceId}` },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    standIn.forgetKeys();
    const later = await send();
    expect(later.statusCode).toBe(200);
    const made = standIn.succeededCharges().filter((pi) => pi.metadata.invoice_id === invoiceId);
    expect(made).toHaveLength(1);
  });
});
