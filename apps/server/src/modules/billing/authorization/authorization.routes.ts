import {
  authorizationAnswer,
  authorizationMutationAnswer,
  authorizationSignBody,
  contractItemParams,
} from '@opsuite/shared';
import { z } from 'zod';
import { tenantRoute } from '../../../plugins/access.ts';
import type { App } from '../../../plugins/types.ts';
import type { BillingServices } from '../billing-services.ts';

// The payment authorization of a contract: read its text, sign it (typed name, optional drawing),
// and download it as a PDF (signed, or blank to sign on paper).
//   GET, POST /contact-contract/{contactId}/{contractId}/authorization
//   GET       /contact-contract/{contactId}/{contractId}/authorization/pdf

export function authorizationRoutes(app: App, billing: BillingServices) {
  const tags = ['contracts'];
  app.get(
    '/contact-contract/:contactId/:contractId/authorization',
    {
      config: tenantRoute('billing', 'read'),
      schema: { tags, params: contractItemParams, response: { 200: authorizationAnswer } },
    },
    (req) =>
      billing.authorization((fn) => req.tenant(fn), req.ctx!, req.params.contactId, req.params.contractId),
  );
  app.post(
    '/contact-contract/:contactId/:contractId/authorization',
    {
      config: tenantRoute('billing', 'update'),
      schema: {
        tags,
        params: contractItemParams,
        body: authorizationSignBody,
        response: { 200: authorizationMutationAnswer },
      },
    },
    async (req) => {
      const { contactId, contractId } = req.params;
      const out = await billing.signAuthorization(
        (fn) => req.tenant(fn),
        req.ctx!,
        contactId,
        contractId,
        req.body,
      );
      return { success: true as const, ...out };
    },
  );
  app.get(
    '/contact-contract/:contactId/:contractId/authorization/pdf',
    {
      config: tenantRoute('billing', 'read'),
      schema: {
        tags,
        params: contractItemParams,
        response: { 200: z.string().describe('PDF (application/pdf)') },
      },
    },
    async (req, reply) => {
      const { contactId, contractId } = req.params;
      const pdf = await billing.authorizationPdf((fn) => req.tenant(fn), req.ctx!, contactId, contractId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="payment-authorization-${contractId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string);
    },
  );
}
