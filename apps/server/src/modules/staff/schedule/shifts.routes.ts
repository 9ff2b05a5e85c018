import { idParams } from '@opsuite/shared';
import {
  activityAnswer,
  activityQuery,
  copyAnswer,
  createShiftBody,
  employeeShiftMutation,
  myScheduleAnswer,
  okAnswer,
  publishAnswer,
  rowOrderBody,
  scheduleAnswer,
  scheduleQuery,
  updateShiftBody,
  weekBody,
  weekQuery,
} from '@opsuite/shared/contracts/staff-schedule';
import { STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import { sendJsonText } from '../../../plugins/serializer.ts';
import type { App } from '../../../plugins/types.ts';
import { requireManager, staffAccess } from '../access.ts';
import { scheduleWeekText } from '../fast/week-grid.ts';
import { listActivity } from './activity.ts';
import { labourRateSourceOf } from './labour-rates.ts';
import { Outbox } from './notify.ts';
import { copyLastWeek, publishWeek, revertWeek, saveRowOrder } from './publish.service.ts';
import { createShift, deleteShift, mySchedule, updateShift } from './shifts.service.ts';

// employee-shifts: the week grid, shift writes, publishing, reverting, copying a week, the row
// order, the activity log, and an employee's own published week.

const tags = ['staff schedule'];
const BASE = '/employee-shifts';

export function shiftsRoutes(app: App) {
  const { mailer } = app.services;
  app.get(
    BASE,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: scheduleQuery, response: { 200: scheduleAnswer } },
    },
    async (req, reply) => {
      const text = await req.tenant((tx) =>
        scheduleWeekText(tx, req.ctx!, req.query, labourRateSourceOf(app.services)),
      );
      sendJsonText(reply, scheduleAnswer, text);
    },
  );
  app.get(
    `${BASE}/mine`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: weekQuery, response: { 200: myScheduleAnswer } },
    },
    (req) => req.tenant((tx) => mySchedule(tx, req.ctx!, req.query)),
  );
  app.post(
    BASE,
    {
      config: staffAccess('write'),
      schema: { tags, body: createShiftBody, response: { 200: employeeShiftMutation } },
    },
    async (req) =>
      saved(STAFF_TEXT.shiftCreated, await req.tenant((tx) => createShift(tx, req.ctx!, req.body))),
  );
  app.put(
    `${BASE}/row-order`,
    { config: staffAccess('update'), schema: { tags, body: rowOrderBody, response: { 200: okAnswer } } },
    async (req) => {
      await req.tenant((tx) => saveRowOrder(tx, req.ctx!, req.body.contactIds));
      return { success: true as const, message: STAFF_TEXT.rowOrderUpdated };
    },
  );
  app.put(
    `${BASE}/:id`,
    {
      config: staffAccess('update'),
      schema: { tags, params: idParams, body: updateShiftBody, response: { 200: employeeShiftMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.shiftUpdated,
        await req.tenant((tx) => updateShift(tx, req.ctx!, req.params.id, req.body)),
      ),
  );
  app.delete(
    `${BASE}/:id`,
    { config: staffAccess('update'), schema: { tags, params: idParams, response: { 200: okAnswer } } },
    async (req) => {
      await req.tenant((tx) => deleteShift(tx, req.ctx!, req.params.id));
      return { success: true as const, message: STAFF_TEXT.shiftDeleted };
    },
  );
  for (const [url, run, message] of [
    ['publish', publishWeek, STAFF_TEXT.published],
    ['revert', revertWeek, STAFF_TEXT.reverted],
  ] as const) {
    app.post(
      `${BASE}/${url}`,
      { config: staffAccess('update'), schema: { tags, body: weekBody, response: { 200: publishAnswer } } },
      async (req) => {
        const outbox = new Outbox();
        const data = await req.tenant((tx) => run(tx, req.ctx!, req.body.startOfWeek, outbox));
        await outbox.send(mailer, req.log);
        return saved(message, data);
      },
    );
  }
  app.post(
    `${BASE}/copy-last-week`,
    { config: staffAccess('write'), schema: { tags, body: weekBody, response: { 200: copyAnswer } } },
    async (req) =>
      saved(STAFF_TEXT.copied, await req.tenant((tx) => copyLastWeek(tx, req.ctx!, req.body.startOfWeek))),
  );
  app.get(
    `${BASE}/activity`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: activityQuery, response: { 200: activityAnswer } },
    },
    (req) => {
      requireManager(req.ctx!, 'see the schedule’s activity');
      return req.tenant((tx) => listActivity(tx, req.ctx!.organizationId, req.query.skip, req.query.limit));
    },
  );
}
