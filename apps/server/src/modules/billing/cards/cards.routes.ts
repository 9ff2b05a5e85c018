import {
  addCardBody,
  cardListQuery,
  cardSetupAnswer,
  paymentCardItemParams,
  paymentCardListAnswer,
  paymentCardMutationAnswer,
  paymentCardParams,
  paymentCardRemovedAnswer,
  updateCardBody,
} from '@opsuite/shared';
import { tenantRoute } from '../../../plugins/access.ts';
import type { App } from '../../../plugins/types.ts';
import type { PaymentCards } from './cards.service.ts';

// Payment cards of a contact (GET, POST, PUT; DELETE removes one and, like every
// contacts DELETE, needs the delete permission). Each route
// hands its connection back before the handler (systemReads) and opens short transactions around
// the provider calls instead.

const tags = ['payments'];

export function paymentCardsRoutes(app: App, cards: PaymentCards) {
  const access = (action: 'read' | 'update' | 'delete') => ({
    ...tenantRoute('billing', action),
    systemReads: true,
  });

  app.get(
    '/payment/cards/:contactId',
    {
      config: access('read'),
      schema: {
        tags,
        params: paymentCardParams,
        querystring: cardListQuery,
        response: { 200: paymentCardListAnswer },
      },
    },
    (req) => cards.list((fn) => req.tenant(fn), req.ctx!, req.params.contactId, req.query.refresh === true),
  );

  app.post(
    '/payment/cards/:contactId',
    {
      config: access('update'),
      schema: {
        tags,
        params: paymentCardParams,
        body: addCardBody,
        response: { 200: paymentCardMutationAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Card added',
      data: await cards.add((fn) => req.tenant(fn), req.ctx!, req.params.contactId, req.body),
    }),
  );

  app.put(
    '/payment/cards/:contactId',
    {
      config: access('update'),
      schema: {
        tags,
        params: paymentCardParams,
        body: updateCardBody,
        response: { 200: paymentCardMutationAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Card updated',
      data: await cards.update((fn) => req.tenant(fn), req.ctx!, req.params.contactId, req.body),
    }),
  );

  // Stripe's card element collects the card in the browser: it needs a SetupIntent's secret.
  app.post(
    '/payment/cards/:contactId/setup',
    {
      config: access('update'),
      schema: { tags, params: paymentCardParams, response: { 200: cardSetupAnswer } },
    },
    (req) => cards.setup((fn) => req.tenant(fn), req.ctx!, req.params.contactId),
  );

  app.delete(
    '/payment/cards/:contactId/:cardId',
    {
      config: access('delete'),
      schema: { tags, params: paymentCardItemParams, response: { 200: paymentCardRemovedAnswer } },
    },
    async (req) => {
      await cards.remove((fn) => req.tenant(fn), req.ctx!, req.params.contactId, req.params.cardId);
      return { success: true as const, message: 'Card removed' };
    },
  );
}
