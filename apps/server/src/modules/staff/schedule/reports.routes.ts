import {
  attendanceAnswer,
  attendanceBody,
  attendanceMutation,
  attendanceQuery,
  budgetAnswer,
  budgetBody,
  budgetMutation,
  weekQuery,
} from '@opsuite/shared/contracts/staff-schedule';
import { STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { staffAccess } from '../access.ts';
import { labourRateSourceOf } from './labour-rates.ts';
import { attendanceReport, recordAttendance, saveBudget, weekBudget } from './reports.service.ts';

// employee-budgets (planned sales against labour cost) and employee-attendance.

const tags = ['staff reports'];

export function reportsRoutes(app: App) {
  app.get(
    '/employee-budgets',
    {
      config: staffAccess('read'),
      schema: { tags, querystring: weekQuery, response: { 200: budgetAnswer } },
    },
    (req) =>
      req.tenant((tx) => weekBudget(tx, req.ctx!, req.query.startOfWeek, labourRateSourceOf(app.services))),
  );
  app.put(
    '/employee-budgets',
    { config: staffAccess('update'), schema: { tags, body: budgetBody, response: { 200: budgetMutation } } },
    async (req) =>
      saved(
        STAFF_TEXT.budgetSaved,
        await req.tenant((tx) => saveBudget(tx, req.ctx!, req.body, labourRateSourceOf(app.services))),
      ),
  );
  app.get(
    '/employee-attendance',
    {
      config: staffAccess('read'),
      schema: { tags, querystring: attendanceQuery, response: { 200: attendanceAnswer } },
    },
    (req) => req.tenant((tx) => attendanceReport(tx, req.ctx!, req.query)),
  );
  app.post(
    '/employee-attendance',
    {
      config: staffAccess('update'),
      schema: { tags, body: attendanceBody, response: { 200: attendanceMutation } },
    },
    async (req) =>
      saved(STAFF_TEXT.attendanceSaved, await req.tenant((tx) => recordAttendance(tx, req.ctx!, req.body))),
  );
}
