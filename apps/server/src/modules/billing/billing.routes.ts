import {
  billingRemovedAnswer,
  contactBillingParams,
  contractCreateBody,
  contractItemParams,
  contractListAnswer,
  contractListQuery,
  contractMutationAnswer,
  contractUpdateBody,
  invoiceCreateBody,
  invoiceItemParams,
  invoiceListAnswer,
  invoiceListQuery,
  invoiceMutationAnswer,
  invoicePayBody,
} from '@opsuite/shared';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import { createContract, deleteContract, listContracts, updateContract } from './contracts.service.ts';
import { changeInvoice, createInvoice, deleteInvoice, listInvoices } from './invoices.service.ts';

// Contracts and invoices of a contact (core §2 contact views). The specification names no paths;
// these follow /contact-file/{contactId}: the contact in the path, one record after it.
//   GET, POST /contact-contract/{contactId}; PUT, DELETE /contact-contract/{contactId}/{contractId}
//   GET, POST /contact-invoice/{contactId}; PUT /contact-invoice/{contactId}/{invoiceId}/pay|refund|forfeit;
//   DELETE /contact-invoice/{contactId}/{invoiceId}
// Every write answers the contact's resulting plan and payment status (`billing`).

export function contactBillingRoutes(app: App) {
  const contracts = ['contracts'];
  app.get(
    '/contact-contract/:contactId',
    {
      config: tenantRoute('contacts', 'read'),
      schema: {
        tags: contracts,
        params: contactBillingParams,
        querystring: contractListQuery,
        response: { 200: contractListAnswer },
      },
    },
    (req) =>
      req.tenant((tx) =>
        listContracts(tx, req.ctx!.organizationId, req.params.contactId, req.query.page, req.query.pageSize),
      ),
  );
  app.post(
    '/contact-contract/:contactId',
    {
      config: tenantRoute('contacts', 'write'),
      schema: {
        tags: contracts,
        params: contactBillingParams,
        body: contractCreateBody,
        response: { 200: contractMutationAnswer },
      },
    },
    async (req) => {
      const out = await req.tenant((tx) => createContract(tx, req.ctx!, req.params.contactId, req.body));
      return { success: true as const, message: 'Contract added', ...out };
    },
  );
  app.put(
    '/contact-contract/:contactId/:contractId',
    {
      config: tenantRoute('contacts', 'update'),
      schema: {
        tags: contracts,
        params: contractItemParams,
        body: contractUpdateBody,
        response: { 200: contractMutationAnswer },
      },
    },
    async (req) => {
      const { contactId, contractId } = req.params;
      const out = await req.tenant((tx) => updateContract(tx, req.ctx!, contactId, contractId, req.body));
      return { success: true as const, ...out };
    },
  );
  app.delete(
    '/contact-contract/:contactId/:contractId',
    {
      config: tenantRoute('contacts', 'delete'),
      schema: { tags: contracts, params: contractItemParams, response: { 200: billingRemovedAnswer } },
    },
    async (req) => {
      const { contactId, contractId } = req.params;
      const billing = await req.tenant((tx) => deleteContract(tx, req.ctx!, contactId, contractId));
      return { success: true as const, message: 'Contract deleted', billing };
    },
  );

  const invoices = ['invoices'];
  app.get(
    '/contact-invoice/:contactId',
    {
      config: tenantRoute('contacts', 'read'),
      schema: {
        tags: invoices,
        params: contactBillingParams,
        querystring: invoiceListQuery,
        response: { 200: invoiceListAnswer },
      },
    },
    (req) => req.tenant((tx) => listInvoices(tx, req.ctx!.organizationId, req.params.contactId, req.query)),
  );
  app.post(
    '/contact-invoice/:contactId',
    {
      config: tenantRoute('contacts', 'write'),
      schema: {
        tags: invoices,
        params: contactBillingParams,
        body: invoiceCreateBody,
        response: { 200: invoiceMutationAnswer },
      },
    },
    async (req) => {
      const out = await req.tenant((tx) => createInvoice(tx, req.ctx!, req.params.contactId, req.body));
      return { success: true as const, message: 'Invoice created', ...out };
    },
  );
  for (const action of ['pay', 'refund', 'forfeit'] as const) {
    app.put(
      `/contact-invoice/:contactId/:invoiceId/${action}`,
      {
        config: tenantRoute('contacts', 'update'),
        schema: {
          tags: invoices,
          params: invoiceItemParams,
          ...(action === 'pay' ? { body: invoicePayBody.optional() } : {}),
          response: { 200: invoiceMutationAnswer },
        },
      },
      async (req) => {
        const { contactId, invoiceId } = req.params;
        const body = (req.body ?? {}) as Parameters<typeof changeInvoice>[5];
        const out = await req.tenant((tx) => changeInvoice(tx, req.ctx!, contactId, invoiceId, action, body));
        return { success: true as const, ...out };
      },
    );
  }
  app.delete(
    '/contact-invoice/:contactId/:invoiceId',
    {
      config: tenantRoute('contacts', 'delete'),
      schema: { tags: invoices, params: invoiceItemParams, response: { 200: billingRemovedAnswer } },
    },
    async (req) => {
      const { contactId, invoiceId } = req.params;
      const billing = await req.tenant((tx) => deleteInvoice(tx, req.ctx!, contactId, invoiceId));
      return { success: true as const, message: 'Invoice deleted', billing };
    },
  );
}
