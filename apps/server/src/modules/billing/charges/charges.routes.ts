import {
  invoiceChargeBody,
  invoiceDetailAnswer,
  invoiceItemParams,
  invoiceMutationAnswer,
  invoicePayBody,
  invoiceRefundBody,
} from '@opsuite/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalid } from '../../../lib/errors.ts';
import { tenantRoute } from '../../../plugins/access.ts';
import type { App } from '../../../plugins/types.ts';
import type { BillingServices } from '../billing-services.ts';
import { handleWebhook } from './webhook.ts';

// Money on an invoice:
//   GET  /contact-invoice/{contactId}/{invoiceId}          the invoice with its attempts and refunds
//   PUT  /contact-invoice/{contactId}/{invoiceId}/pay      "Mark as paid": Card charges a saved card
//   POST /contact-invoice/{contactId}/{invoiceId}/charge   "Charge now" / "Retry" with a saved card
//   PUT  /contact-invoice/{contactId}/{invoiceId}/refund   in full, or `amountCents` of it
//   POST /payment/webhook                                  the card provider's events (signed)
// Paying and refunding call the provider between short transactions (systemReads). A request may
// carry an Idempotency-Key header: sent again with the same key it answers the same payment.

const invoices = ['invoices'];

function requestKey(req: FastifyRequest): string | null {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length < 8 || key.length > 200) {
    throw invalid('Idempotency-Key', 'must be 8 to 200 characters');
  }
  return key;
}

export function invoicePaymentRoutes(app: App, billing: BillingServices) {
  // Billing permission: read sees invoices; update marks paid; write charges a saved card;
  // delete refunds.
  const pays = (action: 'write' | 'update' | 'delete') => ({
    ...tenantRoute('billing', action),
    systemReads: true,
  });

  app.get(
    '/contact-invoice/:contactId/:invoiceId',
    {
      config: tenantRoute('billing', 'read'),
      schema: { tags: invoices, params: invoiceItemParams, response: { 200: invoiceDetailAnswer } },
    },
    (req) =>
      billing.invoiceDetail((fn) => req.tenant(fn), req.ctx!, req.params.contactId, req.params.invoiceId),
  );

  app.put(
    '/contact-invoice/:contactId/:invoiceId/pay',
    {
      config: pays('update'),
      schema: {
        tags: invoices,
        params: invoiceItemParams,
        body: invoicePayBody.nullish(),
        response: { 200: invoiceMutationAnswer },
      },
    },
    async (req) => {
      const { contactId, invoiceId } = req.params;
      const out = await billing.markPaid(
        (fn) => req.tenant(fn),
        req.ctx!,
        contactId,
        invoiceId,
        req.body ?? {},
        requestKey(req),
      );
      return { success: true as const, ...out };
    },
  );

  app.post(
    '/contact-invoice/:contactId/:invoiceId/charge',
    {
      config: pays('write'),
      schema: {
        tags: invoices,
        params: invoiceItemParams,
        body: invoiceChargeBody.nullish(),
        response: { 200: invoiceMutationAnswer },
      },
    },
    async (req) => {
      const { contactId, invoiceId } = req.params;
      const out = await billing.payInvoice((fn) => req.tenant(fn), req.ctx!, contactId, invoiceId, {
        cardId: req.body?.cardId,
        requestKey: requestKey(req),
        source: 'staff',
      });
      return { success: true as const, ...out };
    },
  );

  app.put(
    '/contact-invoice/:contactId/:invoiceId/refund',
    {
      config: pays('delete'),
      schema: {
        tags: invoices,
        params: invoiceItemParams,
        body: invoiceRefundBody.nullish(),
        response: { 200: invoiceMutationAnswer },
      },
    },
    async (req) => {
      const { contactId, invoiceId } = req.params;
      const out = await billing.refund(
        (fn) => req.tenant(fn),
        req.ctx!,
        contactId,
        invoiceId,
        req.body ?? {},
      );
      return { success: true as const, ...out };
    },
  );

  // The provider signs its events over the exact bytes it sent: this route reads the body raw.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/payment/webhook',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['payments'],
          response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }) },
        },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        return handleWebhook(
          billing.database.db,
          billing.provider,
          req.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
          billing.appUrl,
        );
      },
    );
  });
}
