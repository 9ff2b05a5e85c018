// Payments: the card provider adapter (ARCHITECTURE rule 8) with its built-in offline sandbox and
// Stripe through its official SDK. Billing keeps a contact's cards, charges invoices and refunds
// through it.
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
  config: Pick<Config, 'paymentsProvider' | 'paymentsApiUrl' | 'paymentsApiKey' | 'paymentsWebhookSecret'>,
  database: DatabaseHandle,
): PaymentsProvider {
  if (config.paymentsProvider === 'stripe') {
    return new StripePaymentsProvider(
      config.paymentsApiUrl,
      config.paymentsApiKey ?? '',
      config.paymentsWebhookSecret,
    );
  }
  return new SandboxPaymentsProvider(database);
}
