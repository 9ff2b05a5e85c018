import {
  addCardBody,
  contractListAnswer,
  invoiceChargeBody,
  invoiceListAnswer,
  invoiceListQuery,
  invoiceMutationAnswer,
  PORTAL_TEXT,
  paymentCardListAnswer,
  paymentCardMutationAnswer,
  paymentCardRemovedAnswer,
  portalCardParams,
  portalInvoiceParams,
} from '@opsuite/shared';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import { billingServices } from '../billing/index.ts';
import { memberOf } from '../booking/index.ts';
import { ownRecords } from './access.ts';

// The member's contracts, invoices and saved cards, paying an open invoice with a saved card and
// adding a card, all through billing's own services for the member's contact: an invoice id of
// another contact is not found there (404) and nothing is charged. Billing calls the payment
// provider between short transactions, so these routes hand their connection back first.

const tags = ['member portal'];
const CONTRACTS_MAX = 100;

/** The optional Idempotency-Key of a payment: the same key answers the same payment again. */
function requestKey(req: FastifyRequest): string | null {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length < 8 || key.length > 200) {
    throw invalid('Idempotency-Key', 'must be 8 to 200 characters');
  }
  return key;
}

export function portalBillingRoutes(app: App) {
  const billing = () => billingServices(app);
  const provider = ownRecords({ systemReads: true });

  app.get(
    '/portal/contracts',
    { config: provider, schema: { tags, response: { 200: contractListAnswer } } },
    (req) => {
      const m = memberOf(req.ctx!);
      return billing().listContracts((fn) => req.tenant(fn), req.ctx!, m.actor.contactId, 1, CONTRACTS_MAX);
    },
  );

  app.get(
    '/portal/invoices',
    {
      config: provider,
      schema: { tags, querystring: invoiceListQuery, response: { 200: invoiceListAnswer } },
    },
    (req) => {
      const m = memberOf(req.ctx!);
      return billing().listInvoices((fn) => req.tenant(fn), req.ctx!, m.actor.contactId, req.query);
    },
  );

  app.post(
    '/portal/invoices/:invoiceId/pay',
    {
      config: provider,
      schema: {
        tags,
        params: portalInvoiceParams,
        body: invoiceChargeBody.nullish(),
        response: { 200: invoiceMutationAnswer },
      },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      const out = await billing().payInvoice(
        (fn) => req.tenant(fn),
        req.ctx!,
        m.actor.contactId,
        req.params.invoiceId,
        { cardId: req.body?.cardId, requestKey: requestKey(req), source: 'member' },
      );
      return { success: true as const, ...out };
    },
  );

  app.get(
    '/portal/cards',
    { config: provider, schema: { tags, response: { 200: paymentCardListAnswer } } },
    (req) => {
      const m = memberOf(req.ctx!);
      return billing().listCards((fn) => req.tenant(fn), req.ctx!, m.actor.contactId);
    },
  );

  app.post(
    '/portal/cards',
    {
      config: provider,
      schema: { tags, body: addCardBody, response: { 200: paymentCardMutationAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      const data = await billing().addCard((fn) => req.tenant(fn), req.ctx!, m.actor.contactId, req.body);
      return { success: true as const, message: PORTAL_TEXT.cardAdded, data };
    },
  );

  app.put(
    '/portal/cards/:cardId/default',
    {
      config: provider,
      schema: { tags, params: portalCardParams, response: { 200: paymentCardMutationAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      const data = await billing().makeDefaultCard(
        (fn) => req.tenant(fn),
        req.ctx!,
        m.actor.contactId,
        req.params.cardId,
      );
      return { success: true as const, message: PORTAL_TEXT.cardDefault, data };
    },
  );

  app.delete(
    '/portal/cards/:cardId',
    {
      config: provider,
      schema: { tags, params: portalCardParams, response: { 200: paymentCardRemovedAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      await billing().removeCard(
        (fn) => req.tenant(fn),
        req.ctx!,
        m.actor.contactId,
        req.params.cardId,
        PORTAL_TEXT.lastCardNeeded,
      );
      return { success: true as const, message: PORTAL_TEXT.cardRemoved };
    },
  );
}
