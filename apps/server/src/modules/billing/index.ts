// Billing: contacts' contracts and invoices (which decide a contact's plan and payment status),
// the sweep for what time alone changes, and payment cards through the payments adapter
// (payments/). Depends on contacts, organizations and auth.
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { contactBillingRoutes } from './billing.routes.ts';
import { BillingSweeper } from './billing-state.ts';
import { paymentCardsRoutes } from './cards/cards.routes.ts';
import { billingHooks } from './merge.ts';
import { createPaymentsProvider } from './payments/index.ts';

export function register(app: App) {
  registerContactHooks('billing', billingHooks);
  const { config, database } = app.services;
  contactBillingRoutes(app);
  paymentCardsRoutes(app, createPaymentsProvider(config, database));

  // Invoices falling past due and contracts reaching their end date change contacts' payment
  // status and plan with no request to do it: a sweep catches them (billing-state.ts).
  const sweeper = new BillingSweeper(database.db, app.log);
  if (config.importWorker) app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', () => sweeper.stop());
}
