import Stripe from 'stripe';
import { createTestApp } from '../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts/contacts.test-kit.ts';
import { type StripeStandIn, startStripeStandIn } from './payments/payments.test-kit.ts';

// Set-up for the billing API tests beyond the contacts kit they share: an app whose payments
// provider is the Stripe stand-in, signed webhook deliveries, and the test cards.

export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';
const year = new Date().getUTCFullYear() + 3;

/** Stripe's test cards, as the add-card form sends them. */
export const cards = {
  visa: { number: '4242424242424242', expMonth: 12, expYear: year, cvc: '123' },
  /** Saved fine; every charge is declined. */
  declinesCharges: { number: '4000000000000341', expMonth: 12, expYear: year, cvc: '123' },
  /** Saved fine; a charge without the cardholder asks for authentication. */
  needsAuthentication: { number: '4000002500003155', expMonth: 12, expYear: year, cvc: '123' },
};

/** A kit on an app whose payments provider is the Stripe stand-in; `close` stops both. */
export async function createStripeKit(): Promise<{ k: Kit; standIn: StripeStandIn; close(): Promise<void> }> {
  const standIn = await startStripeStandIn();
  const k = await createKit(
    await createTestApp(undefined, {
      PAYMENTS_PROVIDER: 'stripe',
      PAYMENTS_API_URL: standIn.url,
      PAYMENTS_API_KEY: standIn.key,
      PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENTS_PUBLISHABLE_KEY: 'pk_test_stand_in',
      IMPORT_WORKER: '0',
    }),
  );
  return {
    k,
    standIn,
    async close() {
      await k.t.close();
      await standIn.close();
    },
  };
}

/** A webhook delivery as Stripe signs it (the header over the exact body). */
export function signedEvent(
  event: { id: string; type: string; data: { object: unknown } },
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 0, ...event });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
}

/** A day (YYYY-MM-DD) `offset` days from today (UTC, the test organisations' zone). */
export const dayFrom = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The contacts kit on an app whose billing runner is not started: tests run it themselves. */
export async function billingKit(env: Record<string, string> = {}): Promise<Kit> {
  return createKit(await createTestApp(undefined, { IMPORT_WORKER: '0', ...env }));
}

/** A contact of the kit's organisation with an e-mail, and optionally a saved card. */
export async function memberWithCard(k: Kit, name: string, card?: Record<string, unknown>) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}@member.test`;
  const contactId = (await k.admin.call('POST', '/api/contact/add', { fullName: name, email })).body.data
    ._id as string;
  if (card) {
    const added = await k.admin.call('POST', `/api/payment/cards/${contactId}`, card);
    if (added.status !== 200) throw new Error(`card: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return { contactId, email };
}
