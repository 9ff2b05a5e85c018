import {
  bookingDeletedAnswer,
  bookingGroupBody,
  bookingGroupListAnswer,
  bookingGroupMutationAnswer,
  bookingGroupUpdateBody,
  bookingTypeBody,
  bookingTypeListAnswer,
  bookingTypeMutationAnswer,
  bookingTypeUpdateBody,
  idParams,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { bookingAccess, classAccess, requireStaff } from '../access.ts';
import { createGroup, deleteGroup, listGroups, updateGroup } from './groups.service.ts';
import {
  createBookingType,
  deleteBookingType,
  listBookingTypes,
  updateBookingType,
} from './types.service.ts';

// Booking types and booking groups: read by anyone with booking access, managed by staff.

export function bookingTypesRoutes(app: App) {
  const tags = ['booking types'];
  const gone = { 200: bookingDeletedAnswer };
  app.get(
    '/booking-type',
    { config: bookingAccess('read'), schema: { tags, response: { 200: bookingTypeListAnswer } } },
    (req) =>
      req.tenant((tx) => listBookingTypes(tx, req.ctx!.organizationId, req.ctx!.organization.themeColor)),
  );
  app.post(
    '/booking-type',
    {
      config: classAccess('write'),
      schema: { tags, body: bookingTypeBody, response: { 200: bookingTypeMutationAnswer } },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage booking types');
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) =>
        createBookingType(tx, organizationId, organization.themeColor, req.body),
      );
      return saved('Booking type created', data);
    },
  );
  app.put(
    '/booking-type/:id',
    {
      config: classAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: bookingTypeUpdateBody,
        response: { 200: bookingTypeMutationAnswer },
      },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage booking types');
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) =>
        updateBookingType(tx, organizationId, organization.themeColor, req.params.id, req.body),
      );
      return saved('Booking type updated', data);
    },
  );
  app.delete(
    '/booking-type/:id',
    { config: classAccess('delete'), schema: { tags, params: idParams, response: gone } },
    async (req) => {
      requireStaff(req.ctx!, 'manage booking types');
      await req.tenant((tx) => deleteBookingType(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Booking type deleted');
    },
  );

  const groups = ['booking groups'];
  app.get(
    '/booking-group',
    { config: bookingAccess('read'), schema: { tags: groups, response: { 200: bookingGroupListAnswer } } },
    (req) => req.tenant((tx) => listGroups(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/booking-group',
    {
      config: classAccess('write'),
      schema: { tags: groups, body: bookingGroupBody, response: { 200: bookingGroupMutationAnswer } },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage booking groups');
      const data = await req.tenant((tx) => createGroup(tx, req.ctx!.organizationId, req.body));
      return saved('Booking group created', data);
    },
  );
  app.put(
    '/booking-group/:id',
    {
      config: classAccess('update'),
      schema: {
        tags: groups,
        params: idParams,
        body: bookingGroupUpdateBody,
        response: { 200: bookingGroupMutationAnswer },
      },
    },
    async (req) => {
      requireStaff(req.ctx!, 'manage booking groups');
      const data = await req.tenant((tx) =>
        updateGroup(tx, req.ctx!.organizationId, req.params.id, req.body),
      );
      return saved('Booking group updated', data);
    },
  );
  app.delete(
    '/booking-group/:id',
    { config: classAccess('delete'), schema: { tags: groups, params: idParams, response: gone } },
    async (req) => {
      requireStaff(req.ctx!, 'manage booking groups');
      await req.tenant((tx) => deleteGroup(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Booking group deleted');
    },
  );
}
