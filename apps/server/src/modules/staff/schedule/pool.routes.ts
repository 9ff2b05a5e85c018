import { idParams } from '@opsuite/shared';
import {
  acceptTradeBody,
  bidBody,
  notifyAnswer,
  offerBody,
  poolListAnswer,
  poolMutation,
  poolQuery,
} from '@opsuite/shared/contracts/staff-schedule';
import { STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import { AppError } from '../../../lib/errors.ts';
import type { App } from '../../../plugins/types.ts';
import { staffAccess } from '../access.ts';
import { Outbox } from './notify.ts';
import {
  acceptTrade,
  bid,
  cancelBid,
  listPool,
  offerShift,
  tradeNotify,
  withdrawOffer,
} from './pool.service.ts';

// The shift pool under employee-shifts/pool: offer, bid, cancel-bid, accept-trade, trade-notify.

const tags = ['staff shift pool'];
const BASE = '/employee-shifts/pool';

export function poolRoutes(app: App) {
  const { mailer } = app.services;
  app.get(
    BASE,
    {
      config: staffAccess('read'),
      schema: { tags, querystring: poolQuery, response: { 200: poolListAnswer } },
    },
    (req) => req.tenant((tx) => listPool(tx, req.ctx!, req.query.status)),
  );
  app.post(
    BASE,
    { config: staffAccess('write'), schema: { tags, body: offerBody, response: { 200: poolMutation } } },
    async (req) =>
      saved(STAFF_TEXT.shiftOffered, await req.tenant((tx) => offerShift(tx, req.ctx!, req.body))),
  );
  app.delete(
    `${BASE}/:id`,
    { config: staffAccess('update'), schema: { tags, params: idParams, response: { 200: poolMutation } } },
    async (req) =>
      saved(STAFF_TEXT.offerWithdrawn, await req.tenant((tx) => withdrawOffer(tx, req.ctx!, req.params.id))),
  );
  app.post(
    `${BASE}/:id/bid`,
    {
      config: staffAccess('write'),
      schema: { tags, params: idParams, body: bidBody, response: { 200: poolMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.bidPlaced,
        await req.tenant((tx) => bid(tx, req.ctx!, req.params.id, req.body.contactId)),
      ),
  );
  app.post(
    `${BASE}/:id/cancel-bid`,
    {
      config: staffAccess('update'),
      schema: { tags, params: idParams, body: bidBody, response: { 200: poolMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.bidCancelled,
        await req.tenant((tx) => cancelBid(tx, req.ctx!, req.params.id, req.body.contactId)),
      ),
  );
  app.post(
    `${BASE}/:id/accept-trade`,
    {
      config: staffAccess('update'),
      schema: { tags, params: idParams, body: acceptTradeBody, response: { 200: poolMutation } },
    },
    async (req) => {
      const outbox = new Outbox();
      const data = await req.tenant((tx) =>
        acceptTrade(tx, req.ctx!, req.params.id, req.body.contactId, outbox),
      );
      await outbox.send(mailer, req.log);
      return saved(STAFF_TEXT.tradeAccepted, data);
    },
  );
  app.post(
    `${BASE}/:id/trade-notify`,
    { config: staffAccess('update'), schema: { tags, params: idParams, response: { 200: notifyAnswer } } },
    async (req) => {
      const outbox = new Outbox();
      await req.tenant((tx) => tradeNotify(tx, req.ctx!, req.params.id, outbox));
      try {
        return saved(STAFF_TEXT.notificationSent, { sent: await outbox.send(mailer, req.log, true) });
      } catch (err) {
        req.log.error({ err }, 'staff: trade notification failed');
        throw new AppError('INTERNAL', STAFF_TEXT.sendNotificationFailed);
      }
    },
  );
}
