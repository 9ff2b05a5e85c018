import { createTestApp } from '../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts/contacts.test-kit.ts';
import { type StripeStandIn, startStripeStandIn } from './payments/payments.test-kit.ts';

// Set-up for the billing API tests beyond the contacts kit they share: an app whose payments
// provider is the Stripe-style stand-in.

/** A kit on an app whose payments provider is the Stripe stand-in; `close` stops both. */
export async function createStripeKit(): Promise<{ k: Kit; standIn: StripeStandIn; close(): Promise<void> }> {
  const standIn = await startStripeStandIn();
  const k = await createKit(
    await createTestApp(undefined, {
      PAYMENTS_PROVIDER: 'stripe',
      PAYMENTS_API_URL: standIn.url,
      PAYMENTS_API_KEY: standIn.key,
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
