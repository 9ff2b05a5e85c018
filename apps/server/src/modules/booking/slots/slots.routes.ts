import {
  bookingDeletedAnswer,
  classScheduleBody,
  classScheduleListAnswer,
  classScheduleMutationAnswer,
  classScheduleUpdateBody,
  idParams,
  slotBody,
  slotListAnswer,
  slotListQuery,
  slotMutationAnswer,
  slotUpdateBody,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { bookingAccess, classAccess, orgOf, requireStaff } from '../access.ts';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules.service.ts';
import { createSlot, deleteSlot, listSlots, updateSlot } from './slots.service.ts';

// Weekly class schedules and the slots (classes and appointment times) on the calendar.

export function bookingSlotsRoutes(app: App) {
  const gone = { 200: bookingDeletedAnswer };
  const schedules = ['class schedules'];
  app.get(
    '/class-schedule',
    {
      config: bookingAccess('read'),
      schema: { tags: schedules, response: { 200: classScheduleListAnswer } },
    },
    (req) => req.tenant((tx) => listSchedules(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/class-schedule',
    {
      config: classAccess('write'),
      schema: { tags: schedules, body: classScheduleBody, response: { 200: classScheduleMutationAnswer } },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage schedules');
      const org = orgOf(req.ctx!);
      const data = await req.tenant((tx) => createSchedule(tx, org.id, org.timeZone, req.body));
      return saved('Schedule created', data);
    },
  );
  app.put(
    '/class-schedule/:id',
    {
      config: classAccess('update'),
      schema: {
        tags: schedules,
        params: idParams,
        body: classScheduleUpdateBody,
        response: { 200: classScheduleMutationAnswer },
      },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage schedules');
      const org = orgOf(req.ctx!);
      const data = await req.tenant((tx) =>
        updateSchedule(tx, org.id, org.timeZone, req.params.id, req.body),
      );
      return saved('Schedule updated', data);
    },
  );
  app.delete(
    '/class-schedule/:id',
    { config: classAccess('delete'), schema: { tags: schedules, params: idParams, response: gone } },
    async (req) => {
      requireStaff(req.ctx!, 'manage schedules');
      const org = orgOf(req.ctx!);
      await req.tenant((tx) => deleteSchedule(tx, org.id, org.timeZone, req.params.id));
      return deleted('Schedule deleted');
    },
  );

  const slots = ['booking slots'];
  app.get(
    '/booking-slot',
    {
      config: bookingAccess('read'),
      schema: { tags: slots, querystring: slotListQuery, response: { 200: slotListAnswer } },
    },
    (req) => req.tenant((tx) => listSlots(tx, orgOf(req.ctx!), req.query)),
  );
  app.post(
    '/booking-slot',
    {
      config: classAccess('write'),
      schema: { tags: slots, body: slotBody, response: { 200: slotMutationAnswer } },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage slots');
      const data = await req.tenant((tx) => createSlot(tx, orgOf(req.ctx!), req.body));
      return saved('Slot created', data);
    },
  );
  app.put(
    '/booking-slot/:id',
    {
      config: classAccess('update'),
      schema: { tags: slots, params: idParams, body: slotUpdateBody, response: { 200: slotMutationAnswer } },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage slots');
      const data = await req.tenant((tx) => updateSlot(tx, orgOf(req.ctx!), req.params.id, req.body));
      return saved('Slot updated', data);
    },
  );
  app.delete(
    '/booking-slot/:id',
    { config: classAccess('delete'), schema: { tags: slots, params: idParams, response: gone } },
    async (req) => {
      requireStaff(req.ctx!, 'manage slots');
      await req.tenant((tx) => deleteSlot(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Slot deleted');
    },
  );
}
