import {
  PORTAL_TEXT,
  portalBookingMutationAnswer,
  portalBookingParams,
  portalBookingsAnswer,
  portalClassesQuery,
  portalClassListAnswer,
  portalDoneAnswer,
  portalHistoryAnswer,
  portalHistoryQuery,
  portalMeAnswer,
  portalSlotParams,
  portalWaitlistMutationAnswer,
} from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import {
  bookClass,
  cancelCutoffMinutes,
  cancelMemberBooking,
  joinClassWaitlist,
  leaveClassWaitlist,
  memberClasses,
  memberHistory,
  memberOf,
  memberUpcoming,
} from '../booking/index.ts';
import { classBooking, ownRecords } from './access.ts';
import { memberProfile } from './profile.service.ts';

// The member, their classes, bookings, waitlist places and history (see contracts/portal.ts).

const tags = ['member portal'];

export function portalClassesRoutes(app: App) {
  app.get(
    '/portal/me',
    { config: ownRecords(), schema: { tags, response: { 200: portalMeAnswer } } },
    (req) => {
      const ctx = req.ctx!;
      const m = memberOf(ctx);
      return req.tenant(async (tx) => ({
        member: await memberProfile(tx, m),
        organization: {
          _id: ctx.organizationId,
          name: ctx.organization.name,
          themeColor: ctx.organization.themeColor,
          logoLink: ctx.organization.logoLink,
          timeZone: ctx.organization.timeZone,
        },
        cancelCutoffMinutes: await cancelCutoffMinutes(tx, ctx.organizationId),
      }));
    },
  );

  app.get(
    '/portal/classes',
    {
      config: classBooking('read'),
      schema: { tags, querystring: portalClassesQuery, response: { 200: portalClassListAnswer } },
    },
    (req) => {
      const m = memberOf(req.ctx!);
      return req.tenant((tx) => memberClasses(tx, m.org, m.actor.contactId, req.query));
    },
  );

  app.post(
    '/portal/classes/:slotId/book',
    {
      config: classBooking('write'),
      schema: { tags, params: portalSlotParams, response: { 200: portalBookingMutationAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      const data = await req.tenant((tx) => bookClass(tx, m, req.params.slotId));
      return { success: true as const, message: PORTAL_TEXT.booked, data };
    },
  );

  app.post(
    '/portal/classes/:slotId/waitlist',
    {
      config: classBooking('write'),
      schema: { tags, params: portalSlotParams, response: { 200: portalWaitlistMutationAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      const data = await req.tenant((tx) => joinClassWaitlist(tx, m, req.params.slotId));
      return { success: true as const, message: PORTAL_TEXT.joined, data };
    },
  );

  app.delete(
    '/portal/classes/:slotId/waitlist',
    {
      config: classBooking('update'),
      schema: { tags, params: portalSlotParams, response: { 200: portalDoneAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      await req.tenant((tx) => leaveClassWaitlist(tx, m, req.params.slotId));
      return { success: true as const, message: PORTAL_TEXT.left };
    },
  );

  app.get(
    '/portal/bookings',
    { config: ownRecords(), schema: { tags, response: { 200: portalBookingsAnswer } } },
    (req) => {
      const m = memberOf(req.ctx!);
      return req.tenant((tx) => memberUpcoming(tx, m.org, m.actor.contactId));
    },
  );

  app.delete(
    '/portal/bookings/:bookingId',
    {
      config: classBooking('update'),
      schema: { tags, params: portalBookingParams, response: { 200: portalBookingMutationAnswer } },
    },
    async (req) => {
      const m = memberOf(req.ctx!);
      const data = await req.tenant((tx) => cancelMemberBooking(tx, m, req.params.bookingId));
      return { success: true as const, message: PORTAL_TEXT.cancelled, data };
    },
  );

  app.get(
    '/portal/history',
    {
      config: ownRecords(),
      schema: { tags, querystring: portalHistoryQuery, response: { 200: portalHistoryAnswer } },
    },
    (req) => {
      const m = memberOf(req.ctx!);
      return req.tenant((tx) => memberHistory(tx, m.org, m.actor.contactId, req.query));
    },
  );
}
