import { idParams } from '@opsuite/shared';
import { okAnswer } from '@opsuite/shared/contracts/staff-schedule';
import {
  checkoutBody,
  historyIdBody,
  myClockAnswer,
  STAFF_TEXT,
  screenshotImageQuery,
  screenshotListAnswer,
  screenshotListQuery,
  startShiftWorkBody,
  startWorkBody,
  updateWorkBody,
  workHistoryMutation,
} from '@opsuite/shared/contracts/staff-time';
import { z } from 'zod';
import { saved } from '../../../lib/answers.ts';
import { notFound } from '../../../lib/errors.ts';
import type { App } from '../../../plugins/types.ts';
import { staffAccess } from '../access.ts';
import {
  deleteShot,
  listShots,
  recordCapture,
  removeFiles,
  shotFile,
  shotStoreKey,
  storeShot,
} from './screenshots.ts';
import { myClock } from './week.service.ts';
import { checkout, endBreak, endWork, startWork } from './work.service.ts';

// An employee's own clock under /contact/workhistory/ (the earlier client's paths and fields):
// start (free or on a shift), screenshots, break (checkout), end; and the time clock page's read.

const tags = ['staff time'];
const BASE = '/contact/workhistory';

export function workRoutes(app: App) {
  const files = app.services.files;
  const clockIn = (body: typeof startWorkBody | typeof startShiftWorkBody, url: string) =>
    app.post(
      `${BASE}/${url}`,
      { config: staffAccess('write'), schema: { tags, body, response: { 200: workHistoryMutation } } },
      async (req) => {
        const result = await req.tenant((tx) => startWork(tx, req.ctx!, req.body));
        return saved(
          result.message === 'resumed' ? STAFF_TEXT.breakEnded : STAFF_TEXT.workStarted,
          result.data,
        );
      },
    );
  clockIn(startWorkBody, 'startwork');
  clockIn(startShiftWorkBody, 'startShiftWork');

  app.post(
    `${BASE}/updatework`,
    {
      // The screenshot is decoded and written before the transaction opens.
      config: { ...staffAccess('update'), systemReads: true },
      schema: { tags, body: updateWorkBody, response: { 200: workHistoryMutation } },
    },
    async (req) => {
      const shot = await storeShot(files, req.ctx!.organizationId, req.body);
      try {
        const data = await req.tenant((tx) => recordCapture(tx, req.ctx!, req.body, shot));
        return saved(STAFF_TEXT.workHistoryUpdated, data);
      } catch (err) {
        if (shot) await removeFiles(files, [shot.fileKey, shot.smallKey]);
        throw err;
      }
    },
  );

  app.post(
    `${BASE}/endwork`,
    {
      config: staffAccess('update'),
      schema: { tags, body: historyIdBody, response: { 200: workHistoryMutation } },
    },
    async (req) =>
      saved(STAFF_TEXT.workEnded, await req.tenant((tx) => endWork(tx, req.ctx!, req.body.historyId))),
  );

  app.post(
    `${BASE}/checkout`,
    {
      config: staffAccess('update'),
      schema: { tags, body: checkoutBody, response: { 200: workHistoryMutation } },
    },
    async (req) => saved(STAFF_TEXT.breakStarted, await req.tenant((tx) => checkout(tx, req.ctx!, req.body))),
  );

  app.post(
    `${BASE}/endbreak`,
    {
      config: staffAccess('update'),
      schema: { tags, body: historyIdBody, response: { 200: workHistoryMutation } },
    },
    async (req) =>
      saved(STAFF_TEXT.breakEnded, await req.tenant((tx) => endBreak(tx, req.ctx!, req.body.historyId))),
  );

  app.get(
    `${BASE}/current`,
    { config: staffAccess('read'), schema: { tags, response: { 200: myClockAnswer } } },
    (req) => req.tenant((tx) => myClock(tx, req.ctx!)),
  );

  app.get(
    `${BASE}/screenshot`,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: screenshotListQuery, response: { 200: screenshotListAnswer } },
    },
    (req) => req.tenant((tx) => listShots(tx, req.ctx!, req.query.historyId)),
  );

  app.get(
    `${BASE}/screenshot/:id/image`,
    {
      config: staffAccess('read'),
      schema: {
        tags,
        params: idParams,
        querystring: screenshotImageQuery,
        response: { 200: z.string().describe('The image, streamed') },
      },
    },
    async (req, reply) => {
      const file = await req.tenant((tx) =>
        shotFile(tx, req.ctx!, req.params.id, req.query.size === 'small'),
      );
      const stored = await files.get(shotStoreKey(file.key));
      if (!stored) throw notFound('Screenshot');
      return reply
        .header('content-type', file.type)
        .header('content-length', stored.size)
        .header('cache-control', 'private, max-age=3600')
        .send(stored.body as unknown as string);
    },
  );

  app.delete(
    `${BASE}/screenshot/:id`,
    { config: staffAccess('update'), schema: { tags, params: idParams, response: { 200: okAnswer } } },
    async (req) => {
      const keys = await req.tenant((tx) => deleteShot(tx, req.ctx!, req.params.id));
      await removeFiles(files, keys);
      return { success: true as const, message: STAFF_TEXT.screenshotDeleted };
    },
  );
}
