// Payments: the card provider adapter (ARCHITECTURE rule 8) with its built-in offline sandbox and
// a provider speaking Stripe's HTTP API. Billing serves a contact's cards through it, and its
// charges to come will use the same interface.
import type { Config } from '../../../config.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { PaymentsProvider } from './payments.adapter.ts';
import { SandboxPaymentsProvider } from './sandbox-provider.ts';
import { StripePaymentsProvider } from './stripe-provider.ts';

export * from './payments.adapter.ts';
export { SandboxPaymentsProvider } from './sandbox-provider.ts';
export { StripePaymentsProvider } from './stripe-provider.ts';

/** The provider named by PAYMENTS_PROVIDER (sandbox unless configured otherwise). */
export function createPaymentsProvider(
  config: Pick<Config, 'paymentsProvider' | 'paymentsApiUrl' | 'paymentsApiKey'>,
  database: DatabaseHandle,
): PaymentsProvider {
  if (config.paymentsProvider === 'stripe') {
    return new StripePaymentsProvider(config.paymentsApiUrl, config.paymentsApiKey ?? '');
  }
  return new SandboxPaymentsProvider(database);
}
