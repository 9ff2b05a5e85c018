import {
  offCycleBody,
  PAYROLL_TEXT,
  payrollHistoryAnswer,
  payrollOkAnswer,
  payrollPendingAnswer,
  payrollPendingMutationAnswer,
  payrollPendingQuery,
  payrollReportAnswer,
  payrollReportQuery,
  payrollRunBody,
  payrollRunMutationAnswer,
  payrollRunParams,
  payrollRunWithLinesAnswer,
  payrollVoidBody,
  payStubParams,
  type Resource,
} from '@opsuite/shared';
import { z } from 'zod';
import { deleted, saved } from '../../lib/answers.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import { payStubFileName, payStubPdf, yearToDate } from './pay-stub.ts';
import { reportByRange, runCsv } from './reports.service.ts';
import {
  clearDraft,
  getPending,
  history,
  refreshPending,
  reportRun,
  runOffCycle,
  runPayroll,
} from './runs.service.ts';
import { markExported, markPaidOut, voidRun } from './void.service.ts';

// Payroll runs: run, run-offcycle, pending, history, report. Who may call what: the
// caller's role must hold the payroll permission for the action, within the organisation's plan.

const RESOURCE: Resource = 'payroll';
const tags = ['payroll'];

export function payrollRoutes(app: App) {
  app.get(
    '/payroll/pending',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, querystring: payrollPendingQuery, response: { 200: payrollPendingAnswer } },
    },
    (req) =>
      req.tenant((tx) =>
        getPending(tx, req.ctx!.organizationId, req.ctx!.organization.timeZone, req.query.periodStart),
      ),
  );
  app.post(
    '/payroll/pending',
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: payrollRunBody, response: { 200: payrollPendingMutationAnswer } },
    },
    async (req) => {
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) =>
        refreshPending(tx, organizationId, organization.timeZone, req.body.periodStart),
      );
      return saved(PAYROLL_TEXT.refreshed, data);
    },
  );
  app.delete(
    '/payroll/pending/:id',
    {
      config: tenantRoute(RESOURCE, 'delete'),
      schema: { tags, params: payrollRunParams, response: { 200: payrollOkAnswer } },
    },
    async (req) => {
      const type = await req.tenant((tx) => clearDraft(tx, req.ctx!.organizationId, req.params.id));
      return deleted(PAYROLL_TEXT.draftCleared(type));
    },
  );
  app.post(
    '/payroll/run',
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: payrollRunBody, response: { 200: payrollRunMutationAnswer } },
    },
    async (req) => {
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) =>
        runPayroll(tx, organizationId, organization.timeZone, req.body.periodStart),
      );
      return saved(PAYROLL_TEXT.ran, data);
    },
  );
  app.post(
    '/payroll/run-offcycle',
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: offCycleBody, response: { 200: payrollRunMutationAnswer } },
    },
    async (req) => {
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) => runOffCycle(tx, organizationId, organization.timeZone, req.body));
      return saved(PAYROLL_TEXT.offCycle, data);
    },
  );
  app.post(
    '/payroll/report/:id/void',
    {
      config: tenantRoute(RESOURCE, 'delete'),
      schema: {
        tags,
        params: payrollRunParams,
        body: payrollVoidBody,
        response: { 200: payrollRunMutationAnswer },
      },
    },
    async (req) => {
      const data = await req.tenant((tx) => voidRun(tx, req.ctx!, req.params.id, req.body.reason));
      return saved(PAYROLL_TEXT.voided, data);
    },
  );
  app.post(
    '/payroll/report/:id/paid-out',
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, params: payrollRunParams, response: { 200: payrollRunMutationAnswer } },
    },
    async (req) => {
      const data = await req.tenant((tx) => markPaidOut(tx, req.ctx!, req.params.id));
      return saved(PAYROLL_TEXT.paidOut, data);
    },
  );
  app.get(
    '/payroll/history',
    { config: tenantRoute(RESOURCE, 'read'), schema: { tags, response: { 200: payrollHistoryAnswer } } },
    (req) => req.tenant((tx) => history(tx, req.ctx!.organizationId)),
  );
  app.get(
    '/payroll/report',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, querystring: payrollReportQuery, response: { 200: payrollReportAnswer } },
    },
    (req) =>
      req.tenant((tx) =>
        reportByRange(tx, req.ctx!.organizationId, req.ctx!.organization.timeZone, req.query),
      ),
  );
  app.get(
    '/payroll/report/:id',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, params: payrollRunParams, response: { 200: payrollRunWithLinesAnswer } },
    },
    (req) => req.tenant((tx) => reportRun(tx, req.ctx!.organizationId, req.params.id)),
  );
  app.get(
    '/payroll/report/:id/export.csv',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, params: payrollRunParams, response: { 200: z.string().describe('CSV (text/csv)') } },
    },
    async (req, reply) => {
      const run = await req.tenant(async (tx) => {
        await markExported(tx, req.ctx!.organizationId, req.params.id);
        return reportRun(tx, req.ctx!.organizationId, req.params.id);
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payroll-${run.periodStart}-${run._id}.csv"`)
        .header('cache-control', 'no-store')
        .send(runCsv(run));
    },
  );
  app.get(
    '/payroll/report/:id/stub/:contactId',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: {
        tags,
        params: payStubParams,
        response: { 200: z.string().describe('PDF (application/pdf)') },
      },
    },
    async (req, reply) => {
      const { organizationId, organization } = req.ctx!;
      const { contactId } = req.params;
      const { run, ytd } = await req.tenant(async (tx) => {
        const found = await reportRun(tx, organizationId, req.params.id);
        return {
          run: found,
          ytd: await yearToDate(tx, organizationId, organization.timeZone, found, contactId),
        };
      });
      const pdf = await payStubPdf(run, contactId, organization, ytd);
      const name = payStubFileName(
        run.lines.find((l) => l.contactId === contactId)!.fullName,
        run.periodStart,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf) as unknown as string);
    },
  );
}
