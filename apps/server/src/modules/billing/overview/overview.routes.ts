import {
  billingEmailsAnswer,
  billingEmailsQuery,
  billingRunAnswer,
  billingSettingsAnswer,
  billingSettingsBody,
  billingSettingsMutationAnswer,
  financeStatsAnswer,
  invoiceStatsAnswer,
  invoiceStatsQuery,
  isOwnerType,
  pastDueAnswer,
  pastDueQuery,
  paymentConfigAnswer,
  paymentsExportQuery,
  processingFee,
  processingFeeAnswer,
  processingFeeQuery,
} from '@opsuite/shared';
import { z } from 'zod';
import { tenantRoute } from '../../../plugins/access.ts';
import type { App } from '../../../plugins/types.ts';
import type { BillingServices } from '../billing-services.ts';
import { readSettings, saveSettings, settingsAnswer } from '../settings/settings.service.ts';
import { billingEmails, paymentsCsv } from './ledger.service.ts';
import { financeStatistics, invoiceStatistics, pastDueInvoices } from './stats.service.ts';

// The organisation's billing, for the billing overview page (billing permission):
//   GET /contact-invoice/statistics   invoice stats (total, partialPayment, paid, due, sent, draft,
//                                     thisWeek, thisMonth, nextMonth, amounts and percentages)
//   GET /contact-invoice/past-due     unpaid invoices past due, oldest first, with their dunning
//   GET /payment/statistics           finance statistics (thisMonth, lastMonth, ongoing, oneTime,
//                                     pastDue, upcoming, totalCollected) and 12 months collected
//   GET /payment/export               every payment and refund as CSV
//   GET /payment/emails               the billing e-mails sent to members
//   GET, PUT /payment/settings        dunning retry days and the processing fee passed on
//   GET /payment/processing-fee       the fee a payment of an amount would carry
//   GET, POST /payment/run            run billing now for the organisation, and how it went
//   GET /payment/config               what the card form needs (any member; test cards: admins)

/** The organisation's admins and its primary account holder. */

export function billingOverviewRoutes(app: App, billing: BillingServices) {
  const tags = ['billing'];
  const money = (action: 'read' | 'update') => tenantRoute('billing', action);
  const org = (req: { ctx: { organizationId: string } | null }) => req.ctx!.organizationId;

  app.get(
    '/contact-invoice/statistics',
    {
      config: money('read'),
      schema: { tags, querystring: invoiceStatsQuery, response: { 200: invoiceStatsAnswer } },
    },
    (req) => req.tenant((tx) => invoiceStatistics(tx, org(req), req.query.contactId)),
  );
  app.get(
    '/contact-invoice/past-due',
    {
      config: money('read'),
      schema: { tags, querystring: pastDueQuery, response: { 200: pastDueAnswer } },
    },
    (req) => req.tenant((tx) => pastDueInvoices(tx, org(req), req.query.page, req.query.pageSize)),
  );
  app.get(
    '/payment/statistics',
    { config: money('read'), schema: { tags, response: { 200: financeStatsAnswer } } },
    (req) => req.tenant((tx) => financeStatistics(tx, org(req))),
  );
  app.get(
    '/payment/export',
    {
      config: money('read'),
      schema: {
        tags,
        querystring: paymentsExportQuery,
        response: { 200: z.string().describe('CSV (text/csv)') },
      },
    },
    async (req, reply) => {
      const csv = await req.tenant((tx) => paymentsCsv(tx, org(req), req.query.from, req.query.to));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/payment/emails',
    {
      config: money('read'),
      schema: { tags, querystring: billingEmailsQuery, response: { 200: billingEmailsAnswer } },
    },
    (req) => req.tenant((tx) => billingEmails(tx, org(req), req.query)),
  );
  app.get(
    '/payment/settings',
    { config: money('read'), schema: { tags, response: { 200: billingSettingsAnswer } } },
    (req) => req.tenant(async (tx) => settingsAnswer(await readSettings(tx, org(req)))),
  );
  app.put(
    '/payment/settings',
    {
      config: money('update'),
      schema: { tags, body: billingSettingsBody, response: { 200: billingSettingsMutationAnswer } },
    },
    async (req) => ({
      success: true as const,
      message: 'Billing settings saved',
      data: await req.tenant((tx) => saveSettings(tx, org(req), req.body)),
    }),
  );
  app.get(
    '/payment/processing-fee',
    {
      config: tenantRoute('base', 'read'),
      schema: { tags, querystring: processingFeeQuery, response: { 200: processingFeeAnswer } },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { fee } = await readSettings(tx, org(req));
        return processingFee(req.query.amountCents, fee, {
          method: req.query.method,
          programType: req.query.programType ?? null,
        });
      }),
  );
  app.get(
    '/payment/config',
    { config: tenantRoute('base', 'read'), schema: { tags, response: { 200: paymentConfigAnswer } } },
    (req) => ({
      provider: billing.provider.name,
      publishableKey: billing.provider.name === 'stripe' ? (billing.publishableKey ?? null) : null,
      // The sandbox's test cards are for an admin trying the product on a development server:
      // never on a production server, and never for members.
      showTestCards:
        billing.provider.name === 'sandbox' &&
        !billing.production &&
        req.ctx !== null &&
        isOwnerType(req.ctx.userType),
    }),
  );
  app.post(
    '/payment/run',
    {
      config: { ...money('update'), systemReads: true },
      schema: { tags, response: { 200: billingRunAnswer } },
    },
    (req) => billing.runner.startFor(org(req), req.log),
  );
  app.get(
    '/payment/run',
    // The progress poll of a run does not make the run rest for it.
    {
      config: { ...money('read'), background: true },
      schema: { tags, response: { 200: billingRunAnswer } },
    },
    (req) => billing.runner.statusOf(org(req)),
  );
}
