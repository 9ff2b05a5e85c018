import {
  idParams,
  idSchema,
  pageNumber,
  pageSizeNumber,
  queryField,
  shiftWeekFields,
  withWeekRules,
} from '@opsuite/shared';
import { okAnswer } from '@opsuite/shared/contracts/staff-schedule';
import {
  deleteBreakBody,
  deleteWorkQuery,
  historyIdBody,
  manualWorkBody,
  overviewAnswer,
  runningAnswer,
  STAFF_TEXT,
  screenshotListQuery,
  timeSettings,
  timeSettingsBody,
  timeSettingsMutation,
  updateTimeBody,
  workEditsAnswer,
  workedEmployeesAnswer,
  workedEmployeesQuery,
  workHistoryMutation,
  workListAnswer,
  workListQuery,
} from '@opsuite/shared/contracts/staff-time';
import { z } from 'zod';
import { saved } from '../../../lib/answers.ts';
import { sendJsonText } from '../../../plugins/serializer.ts';
import type { App } from '../../../plugins/types.ts';
import { requireManager, staffAccess } from '../access.ts';
import { weekOverviewText } from '../fast/week-sheet.ts';
import { timeSettings as readSettings, saveTimeSettings } from '../settings/settings.service.ts';
import { removeFiles } from './screenshots.ts';
import {
  confirmWork,
  createManual,
  deleteBreak,
  deleteWork,
  entryEdits,
  listWork,
  updateTime,
} from './timesheet.service.ts';
import { runningNow, workedOn } from './week.service.ts';
import { workLocksOf } from './work-locks.ts';

// The time sheet: list, overview (hours per employee per week), who is working, who worked on a
// day; manual entries, time edits, deleting breaks and entries, confirmations, the audit trail;
// and the organisation's time settings.

const tags = ['staff time'];
const BASE = '/contact/workhistory';

const overviewQuery = withWeekRules(
  z.object({
    ...shiftWeekFields,
    contactId: queryField(idSchema),
    page: pageNumber(1, 1),
    pageSize: pageSizeNumber(50, 200),
  }),
);

export function timesheetRoutes(app: App) {
  app.get(
    `${BASE}/list`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: workListQuery, response: { 200: workListAnswer } },
    },
    (req) => req.tenant((tx) => listWork(tx, req.ctx!, req.query)),
  );
  app.get(
    `${BASE}/overview`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: overviewQuery, response: { 200: overviewAnswer } },
    },
    async (req, reply) => {
      const text = await req.tenant((tx) => weekOverviewText(tx, req.ctx!, req.query));
      sendJsonText(reply, overviewAnswer, text);
    },
  );
  app.get(
    `${BASE}/running`,
    { config: staffAccess('read'), schema: { tags, response: { 200: runningAnswer } } },
    (req) => req.tenant((tx) => runningNow(tx, req.ctx!)),
  );
  app.get(
    `${BASE}/worked-employees`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: workedEmployeesQuery, response: { 200: workedEmployeesAnswer } },
    },
    (req) => req.tenant((tx) => workedOn(tx, req.ctx!, req.query.date)),
  );
  app.post(
    `${BASE}/create-manual-workHistory`,
    {
      config: staffAccess('write'),
      schema: { tags, body: manualWorkBody, response: { 200: workHistoryMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.workHistoryUpdated,
        await req.tenant((tx) => createManual(tx, req.ctx!, req.body, workLocksOf(app.services))),
      ),
  );
  app.post(
    `${BASE}/update-time-work-history`,
    {
      config: staffAccess('update'),
      schema: { tags, body: updateTimeBody, response: { 200: workHistoryMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.timeHistoryUpdated,
        await req.tenant((tx) => updateTime(tx, req.ctx!, req.body, workLocksOf(app.services))),
      ),
  );
  app.post(
    `${BASE}/delete-breaktime`,
    {
      config: staffAccess('update'),
      schema: { tags, body: deleteBreakBody, response: { 200: workHistoryMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.workHistoryUpdated,
        await req.tenant((tx) => deleteBreak(tx, req.ctx!, req.body, workLocksOf(app.services))),
      ),
  );
  app.post(
    `${BASE}/confirm`,
    {
      config: staffAccess('update'),
      schema: { tags, body: historyIdBody, response: { 200: workHistoryMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.workConfirmed,
        await req.tenant((tx) => confirmWork(tx, req.ctx!, req.body.historyId)),
      ),
  );
  app.get(
    `${BASE}/edits`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: screenshotListQuery, response: { 200: workEditsAnswer } },
    },
    (req) => req.tenant((tx) => entryEdits(tx, req.ctx!, req.query.historyId)),
  );
  app.delete(
    `${BASE}/:id`,
    {
      config: staffAccess('delete'),
      schema: { tags, params: idParams, querystring: deleteWorkQuery, response: { 200: okAnswer } },
    },
    async (req) => {
      const keys = await req.tenant((tx) =>
        deleteWork(tx, req.ctx!, req.params.id, req.query.reason, workLocksOf(app.services)),
      );
      await removeFiles(app.services.files, keys);
      return { success: true as const, message: STAFF_TEXT.workDeleted };
    },
  );

  app.get(
    '/staff/settings',
    { config: staffAccess('read'), schema: { tags, response: { 200: timeSettings } } },
    (req) => req.tenant((tx) => readSettings(tx, req.ctx!.organizationId)),
  );
  app.put(
    '/staff/settings',
    {
      config: staffAccess('update'),
      schema: { tags, body: timeSettingsBody, response: { 200: timeSettingsMutation } },
    },
    async (req) => {
      requireManager(req.ctx!, 'change the time settings');
      return saved(
        STAFF_TEXT.settingsSaved,
        await req.tenant((tx) => saveTimeSettings(tx, req.ctx!.organizationId, req.ctx!.userId, req.body)),
      );
    },
  );
}
