// Billing: contacts' contracts (which bill themselves), invoices, payment cards, card charges and
// refunds through the payments adapter (payments/), dunning, receipts and the billing overview.
// A contact's plan and payment status follow their contracts and invoices. Depends on contacts,
// organizations and auth.
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { authorizationRoutes } from './authorization/authorization.routes.ts';
import { contactBillingRoutes } from './billing.routes.ts';
import { BillingServices, setBillingServices } from './billing-services.ts';
import { paymentCardsRoutes } from './cards/cards.routes.ts';
import { PaymentCards } from './cards/cards.service.ts';
import { invoicePaymentRoutes } from './charges/charges.routes.ts';
import { billingHooks } from './merge.ts';
import { billingOverviewRoutes } from './overview/overview.routes.ts';
import { createPaymentsProvider } from './payments/index.ts';
import { BillingRunner } from './runner/runner.ts';

export { type BillingServices, billingServices } from './billing-services.ts';
// What other modules (the member portal) call. Each takes the request's tenant runner
// (`(fn) => req.tenant(fn)`) and context; paying goes through the same charge path as staff's.
//   billingServices(app).listContracts / listInvoices / invoiceDetail / listCards / addCard /
//   payInvoice (a saved card, the default one unless named) / authorization / signAuthorization /
//   authorizationPdf
export type { TenantRun } from './cards/cards.service.ts';
// PaymentCards, createInvoice and SandboxPaymentsProvider: the demo seed adds the member's open
// invoice and saved card through them.
export { PaymentCards } from './cards/cards.service.ts';
export { listContracts } from './contracts.service.ts';
// The demo organisation's billing (contracts, invoices with their attempts, a refund, cards).
export { type BillingDemoOptions, seedBillingDemo } from './demo.ts';
export { createInvoice, invoiceDetail, listInvoices } from './invoices.service.ts';
export { SandboxPaymentsProvider } from './payments/index.ts';

export function register(app: App) {
  registerContactHooks(app, 'billing', billingHooks);
  const { config, database, mailer, pace } = app.services;
  const provider = createPaymentsProvider(config, database);
  const cards = new PaymentCards(provider);
  // A run gives way while requests are arriving (smaller batches, a rest after each) and goes on
  // at once while nobody is using the server.
  const runner = new BillingRunner(
    database.db,
    mailer,
    { provider, appUrl: config.publicUrl, concurrency: 8, busy: () => pace.busy() },
    app.log,
  );
  const services = new BillingServices({
    database,
    provider,
    cards,
    runner,
    appUrl: config.publicUrl,
    publishableKey: config.paymentsPublishableKey,
    production: config.env === 'production',
  });
  setBillingServices(app.services, services);
  contactBillingRoutes(app, services);
  invoicePaymentRoutes(app, services);
  authorizationRoutes(app, services);
  billingOverviewRoutes(app, services);
  paymentCardsRoutes(app, cards);

  // Invoices are issued and charged on their day in each organisation's zone, failed charges
  // retried on their dunning days, and what time alone changes (past due, ended contracts) swept,
  // by the job runner (runner/): every minute, one run at a time in this process. API tests run it
  // themselves, with their own clock; in the background it would send their e-mails meanwhile.
  if (config.importWorker && config.env !== 'test') app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', () => runner.stop());
}
