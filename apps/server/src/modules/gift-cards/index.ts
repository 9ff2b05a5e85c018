// Gift cards: templates (name, design, amounts, message), cards issued by staff with a random
// code, an optional PIN, an expiry never within five years, an activated flag and a balance kept
// as a ledger (gift_card_templates, gift_cards, gift_card_entries, gift_card_settings); the
// public balance check and recipient's page; the scheduled e-mail to the recipient. Depends on
// contacts (a card's recipient), organizations and auth. Other modules use only what this file
// exports.
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { BalanceCheckLimit } from './balance-limit.ts';
import { GiftCardDelivery } from './delivery.ts';
import { giftCardRoutes } from './gift-cards.routes.ts';
import { giftCardContactHooks } from './merge.ts';
import { giftCardPublicRoutes } from './public.routes.ts';
import { GiftCardLinks } from './public-link.ts';
import { giftCardTemplateRoutes } from './templates.routes.ts';

// The demo organisation's template and cards.
export { seedGiftCardDemo } from './demo.ts';
// The shop's checkout spends and refunds cards in its own transaction through these: exact under
// concurrency (one conditional update), each with its ledger entry.
export {
  type EntryResult,
  type RedeemInput,
  type RefundInput,
  redeemGiftCard,
  refundToGiftCard,
} from './ledger.ts';

const deliveries = new WeakMap<object, GiftCardDelivery>();

/** The app's gift card e-mail job (`app.services` is the key): tests and the seed run it. */
export function giftCardDelivery(app: { services: object }): GiftCardDelivery {
  const found = deliveries.get(app.services);
  if (!found) throw new Error('Gift cards are not registered in this app');
  return found;
}

export function register(app: App) {
  registerContactHooks(app, 'gift-cards', giftCardContactHooks);
  const { config, database, mailer, limiter } = app.services;
  const links = new GiftCardLinks(config.jwtSecret);
  giftCardTemplateRoutes(app);
  giftCardRoutes(app, links);
  giftCardPublicRoutes(app, links, new BalanceCheckLimit(limiter));

  // Cards with a delivery day are e-mailed once it begins in the organisation's zone: every
  // minute, by the job runner. API tests run it themselves.
  const delivery = new GiftCardDelivery(database.db, mailer, links, config.publicUrl, app.log);
  deliveries.set(app.services, delivery);
  if (config.importWorker && config.env !== 'test') app.addHook('onReady', async () => delivery.start());
  app.addHook('onClose', () => delivery.stop());
}
