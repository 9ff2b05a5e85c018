import {
  billingRemovedAnswer,
  type ContractAnswer,
  contactBillingParams,
  contractCreateBody,
  contractFreezeBody,
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
} from '@opsuite/shared';
import type { FastifyRequest } from 'fastify';
import { tenantRoute } from '../../plugins/access.ts';
import type { App, RequestContext } from '../../plugins/types.ts';
import type { BillingServices } from './billing-services.ts';
import type { BillingState } from './billing-state.ts';
import { oneContract } from './contract-rows.ts';
import {
  contractAction,
  createContract,
  currentBilling,
  deleteContract,
  listContracts,
  updateContract,
} from './contracts.service.ts';
import { createInvoice, deleteInvoice, forfeitInvoice, listInvoices } from './invoices.service.ts';

// Contracts and invoices of a contact. The specification names no paths;
// these follow /contact-file/{contactId}: the contact in the path, one record after it.
//   GET, POST /contact-contract/{contactId}; PUT, DELETE /contact-contract/{contactId}/{contractId}
//   POST /contact-contract/{contactId}/{contractId}/freeze|thaw|cancel
//   GET, POST /contact-invoice/{contactId}; PUT /contact-invoice/{contactId}/{invoiceId}/forfeit;
//   DELETE /contact-invoice/{contactId}/{invoiceId} (paying and refunding: charges/charges.routes.ts)
// Every write answers the contact's resulting plan and payment status (`billing`). A contract
// added or unfrozen bills what it owes today before the answer (issued and charged).

export function contactBillingRoutes(app: App, billing: BillingServices) {
  const contracts = ['contracts'];
  // Writes that may start billing run their transactions themselves (systemReads).
  const billingWrite = (action: 'write' | 'update') => ({
    ...tenantRoute('billing', action),
    systemReads: true,
  });
  /** Bills what the contract owes today, then reads it (and the contact's state) again. */
  const billNow = async <T extends { data: ContractAnswer; billing: BillingState }>(
    req: FastifyRequest,
    ctx: RequestContext,
    contactId: string,
    out: T,
  ): Promise<T> => {
    if (out.data.status !== 'active' || !out.data.nextBillDay) return out;
    await billing.billContract(ctx.organizationId, out.data._id);
    return req.tenant(async (tx) => ({
      ...out,
      data: await oneContract(tx, ctx.organizationId, contactId, out.data._id),
      billing: await currentBilling(tx, ctx.organizationId, contactId),
    }));
  };

  app.get(
    '/contact-contract/:contactId',
    {
      config: tenantRoute('billing', 'read'),
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
      config: billingWrite('write'),
      schema: {
        tags: contracts,
        params: contactBillingParams,
        body: contractCreateBody,
        response: { 200: contractMutationAnswer },
      },
    },
    async (req) => {
      const ctx = req.ctx!;
      const { contactId } = req.params;
      const made = await req.tenant((tx) => createContract(tx, ctx, contactId, req.body));
      const out = await billNow(req, ctx, contactId, made);
      return { success: true as const, message: 'Contract added', ...out };
    },
  );
  app.put(
    '/contact-contract/:contactId/:contractId',
    {
      config: billingWrite('update'),
      schema: {
        tags: contracts,
        params: contractItemParams,
        body: contractUpdateBody,
        response: { 200: contractMutationAnswer },
      },
    },
    async (req) => {
      const ctx = req.ctx!;
      const { contactId, contractId } = req.params;
      const changed = await req.tenant((tx) => updateContract(tx, ctx, contactId, contractId, req.body));
      const out = await billNow(req, ctx, contactId, changed);
      return { success: true as const, ...out };
    },
  );
  for (const kind of ['freeze', 'thaw', 'cancel'] as const) {
    app.post(
      `/contact-contract/:contactId/:contractId/${kind}`,
      {
        config: billingWrite('update'),
        schema: {
          tags: contracts,
          params: contractItemParams,
          ...(kind === 'freeze' ? { body: contractFreezeBody } : {}),
          response: { 200: contractMutationAnswer },
        },
      },
      async (req) => {
        const ctx = req.ctx!;
        const { contactId, contractId } = req.params;
        const action = kind === 'freeze' ? { kind, until: (req.body as { until: string }).until } : { kind };
        const changed = await req.tenant((tx) => contractAction(tx, ctx, contactId, contractId, action));
        const out = kind === 'thaw' ? await billNow(req, ctx, contactId, changed) : changed;
        return { success: true as const, ...out };
      },
    );
  }
  app.delete(
    '/contact-contract/:contactId/:contractId',
    {
      config: tenantRoute('billing', 'delete'),
      schema: { tags: contracts, params: contractItemParams, response: { 200: billingRemovedAnswer } },
    },
    async (req) => {
      const { contactId, contractId } = req.params;
      const billingState = await req.tenant((tx) => deleteContract(tx, req.ctx!, contactId, contractId));
      return { success: true as const, message: 'Contract deleted', billing: billingState };
    },
  );

  const invoices = ['invoices'];
  app.get(
    '/contact-invoice/:contactId',
    {
      config: tenantRoute('billing', 'read'),
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
      config: tenantRoute('billing', 'write'),
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
  app.put(
    '/contact-invoice/:contactId/:invoiceId/forfeit',
    {
      config: tenantRoute('billing', 'update'),
      schema: { tags: invoices, params: invoiceItemParams, response: { 200: invoiceMutationAnswer } },
    },
    async (req) => {
      const { contactId, invoiceId } = req.params;
      const out = await req.tenant((tx) => forfeitInvoice(tx, req.ctx!, contactId, invoiceId));
      return { success: true as const, ...out };
    },
  );
  app.delete(
    '/contact-invoice/:contactId/:invoiceId',
    {
      config: tenantRoute('billing', 'delete'),
      schema: { tags: invoices, params: invoiceItemParams, response: { 200: billingRemovedAnswer } },
    },
    async (req) => {
      const { contactId, invoiceId } = req.params;
      const billingState = await req.tenant((tx) => deleteInvoice(tx, req.ctx!, contactId, invoiceId));
      return { success: true as const, message: 'Invoice deleted', billing: billingState };
    },
  );
}
