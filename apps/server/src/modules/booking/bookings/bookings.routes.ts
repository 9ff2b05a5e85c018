import {
  bookingCreateBody,
  bookingDeletedAnswer,
  bookingListAnswer,
  bookingListQuery,
  bookingMutationAnswer,
  bookingRecordAnswer,
  bookingRescheduleBody,
  bookingUpdateBody,
  idParams,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { bookingAccess } from '../access.ts';
import {
  actorOf,
  createBooking,
  deleteBooking,
  rescheduleBooking,
  updateBooking,
} from './bookings.service.ts';
import { getBooking, listBookings } from './read.service.ts';

// Appointments and class bookings. Members act on their own bookings only.

export function bookingsRoutes(app: App) {
  const tags = ['bookings'];
  app.get(
    '/booking',
    {
      config: bookingAccess('read'),
      schema: { tags, querystring: bookingListQuery, response: { 200: bookingListAnswer } },
    },
    (req) =>
      req.tenant((tx) => listBookings(tx, actorOf(req.ctx!), req.ctx!.organization.timeZone, req.query)),
  );
  app.get(
    '/booking/:id',
    {
      config: bookingAccess('read'),
      schema: { tags, params: idParams, response: { 200: bookingRecordAnswer } },
    },
    (req) => req.tenant((tx) => getBooking(tx, actorOf(req.ctx!), req.params.id)),
  );
  app.post(
    '/booking',
    {
      config: bookingAccess('write'),
      schema: { tags, body: bookingCreateBody, response: { 200: bookingMutationAnswer } },
    },
    async (req) => {
      const { message, data } = await req.tenant((tx) => createBooking(tx, actorOf(req.ctx!), req.body));
      return saved(message, data);
    },
  );
  app.put(
    '/booking/:id',
    {
      config: bookingAccess('update'),
      schema: { tags, params: idParams, body: bookingUpdateBody, response: { 200: bookingMutationAnswer } },
    },
    async (req) => {
      const { message, data } = await req.tenant((tx) =>
        updateBooking(tx, actorOf(req.ctx!), req.params.id, req.body),
      );
      return saved(message, data);
    },
  );
  app.put(
    '/booking/:id/reschedule',
    {
      config: bookingAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: bookingRescheduleBody,
        response: { 200: bookingMutationAnswer },
      },
    },
    async (req) => {
      const { message, data } = await req.tenant((tx) =>
        rescheduleBooking(tx, actorOf(req.ctx!), req.params.id, req.body),
      );
      return saved(message, data);
    },
  );
  app.delete(
    '/booking/:id',
    {
      config: bookingAccess('delete'),
      schema: { tags, params: idParams, response: { 200: bookingDeletedAnswer } },
    },
    async (req) => {
      const { message } = await req.tenant((tx) => deleteBooking(tx, actorOf(req.ctx!), req.params.id));
      return deleted(message);
    },
  );
}
