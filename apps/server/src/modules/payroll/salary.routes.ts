import {
  PAYROLL_TEXT,
  payrollOkAnswer,
  payrollSettingsAnswer,
  payrollSettingsBody,
  payrollSettingsMutationAnswer,
  type Resource,
  salaryAnswer,
  salaryBody,
  salaryListAnswer,
  salaryMutationAnswer,
  salaryParams,
} from '@opsuite/shared';
import { deleted, saved } from '../../lib/answers.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import {
  deleteSalary,
  getSalary,
  getSettings,
  listSalaries,
  putSalary,
  putSettings,
} from './salary.service.ts';

// Employee salaries and the organisation's pay cycle.

const RESOURCE: Resource = 'payroll';
const tags = ['payroll'];

export function salaryRoutes(app: App) {
  app.get(
    '/employee-salary',
    { config: tenantRoute(RESOURCE, 'read'), schema: { tags, response: { 200: salaryListAnswer } } },
    (req) => req.tenant((tx) => listSalaries(tx, req.ctx!.organizationId)),
  );
  app.get(
    '/employee-salary/:contactId',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, params: salaryParams, response: { 200: salaryAnswer } },
    },
    (req) => req.tenant((tx) => getSalary(tx, req.ctx!.organizationId, req.params.contactId)),
  );
  app.put(
    '/employee-salary/:contactId',
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, params: salaryParams, body: salaryBody, response: { 200: salaryMutationAnswer } },
    },
    async (req) => {
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) =>
        putSalary(tx, organizationId, req.params.contactId, req.body, organization.timeZone),
      );
      return saved(PAYROLL_TEXT.salarySaved, data);
    },
  );
  app.delete(
    '/employee-salary/:contactId',
    {
      config: tenantRoute(RESOURCE, 'delete'),
      schema: { tags, params: salaryParams, response: { 200: payrollOkAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => deleteSalary(tx, req.ctx!.organizationId, req.params.contactId));
      return deleted(PAYROLL_TEXT.salaryRemoved);
    },
  );
  app.get(
    '/payroll/settings',
    { config: tenantRoute(RESOURCE, 'read'), schema: { tags, response: { 200: payrollSettingsAnswer } } },
    (req) => req.tenant((tx) => getSettings(tx, req.ctx!.organizationId)),
  );
  app.put(
    '/payroll/settings',
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, body: payrollSettingsBody, response: { 200: payrollSettingsMutationAnswer } },
    },
    async (req) => {
      const data = await req.tenant((tx) => putSettings(tx, req.ctx!.organizationId, req.body));
      return saved(PAYROLL_TEXT.settingsSaved, data);
    },
  );
}
