import { idParams } from '@opsuite/shared';
import {
  decideBody,
  requestListAnswer,
  requestListQuery,
  requestMutation,
  rescheduleBody,
  timeOffBody,
} from '@opsuite/shared/contracts/staff-schedule';
import { STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { staffAccess } from '../access.ts';
import { Outbox } from './notify.ts';
import {
  cancelRequest,
  decideRequest,
  listRequests,
  type RequestKind,
  requestReschedule,
  requestTimeOff,
} from './requests.service.ts';

// Time-off and reschedule requests under employee-shifts/time-off and employee-shifts/reschedule.

const tags = ['staff requests'];
const KINDS: [RequestKind, string, string, string][] = [
  ['timeOff', '/employee-shifts/time-off', STAFF_TEXT.timeOffRequested, STAFF_TEXT.timeOffUpdated],
  ['reschedule', '/employee-shifts/reschedule', STAFF_TEXT.rescheduleRequested, STAFF_TEXT.rescheduleUpdated],
];

export function requestsRoutes(app: App) {
  const { mailer } = app.services;
  for (const [kind, base, , updated] of KINDS) {
    app.get(
      base,
      {
        config: staffAccess('read'),
        schema: { tags, querystring: requestListQuery, response: { 200: requestListAnswer } },
      },
      (req) => req.tenant((tx) => listRequests(tx, req.ctx!, kind, req.query)),
    );
    app.put(
      `${base}/:id`,
      {
        config: staffAccess('update'),
        schema: { tags, params: idParams, body: decideBody, response: { 200: requestMutation } },
      },
      async (req) => {
        const outbox = new Outbox();
        const data = await req.tenant((tx) =>
          decideRequest(tx, req.ctx!, kind, req.params.id, req.body, outbox),
        );
        await outbox.send(mailer, req.log);
        return saved(updated, data);
      },
    );
    app.delete(
      `${base}/:id`,
      {
        config: staffAccess('update'),
        schema: { tags, params: idParams, response: { 200: requestMutation } },
      },
      async (req) =>
        saved(
          STAFF_TEXT.requestCancelled,
          await req.tenant((tx) => cancelRequest(tx, req.ctx!, kind, req.params.id)),
        ),
    );
  }
  app.post(
    '/employee-shifts/time-off',
    { config: staffAccess('write'), schema: { tags, body: timeOffBody, response: { 200: requestMutation } } },
    async (req) =>
      saved(STAFF_TEXT.timeOffRequested, await req.tenant((tx) => requestTimeOff(tx, req.ctx!, req.body))),
  );
  app.post(
    '/employee-shifts/reschedule',
    {
      config: staffAccess('write'),
      schema: { tags, body: rescheduleBody, response: { 200: requestMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.rescheduleRequested,
        await req.tenant((tx) => requestReschedule(tx, req.ctx!, req.body)),
      ),
  );
}
