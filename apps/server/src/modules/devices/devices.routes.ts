import {
  deviceCreateBody,
  deviceListAnswer,
  deviceMutationAnswer,
  deviceUpdateBody,
  idParams,
  okBody,
} from '@opsuite/shared';
import { pairDeviceAnswer, pairDeviceBody } from '@opsuite/shared/contracts/kiosk';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import { generateDevice, listDevices, pairDevice, removeDevice, updateDevice } from './devices.service.ts';

// A device code pairs a tablet that checks members in and clocks staff in and out, so every
// device-management call needs the admins' action on kiosks (delete), which an employee's default
// role does not grant.
const kioskAdmin = tenantRoute('kiosk', 'delete');

export function devicesRoutes(app: App) {
  const tags = ['device management'];
  app.get(
    '/device-management',
    { config: kioskAdmin, schema: { tags, response: { 200: deviceListAnswer } } },
    (req) => req.tenant((tx) => listDevices(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/device-management',
    {
      config: kioskAdmin,
      schema: { tags, body: deviceCreateBody, response: { 200: deviceMutationAnswer } },
    },
    async (req) => {
      const data = await req.tenant((tx) =>
        generateDevice(tx, req.ctx!.organizationId, req.ctx!.userId, req.body.name),
      );
      return { success: true as const, message: 'Device code generated', data };
    },
  );
  app.put(
    '/device-management/:id',
    {
      config: kioskAdmin,
      schema: { tags, params: idParams, body: deviceUpdateBody, response: { 200: deviceMutationAnswer } },
    },
    async (req) => {
      const data = await req.tenant((tx) =>
        updateDevice(tx, req.ctx!.organizationId, req.params.id, req.body),
      );
      return { success: true as const, message: 'Device code updated', data };
    },
  );
  app.delete(
    '/device-management/:id',
    { config: kioskAdmin, schema: { tags, params: idParams, response: { 200: okBody } } },
    async (req) => {
      await req.tenant((tx) => removeDevice(tx, req.ctx!.organizationId, req.params.id));
      return { success: true as const, message: 'Device code removed' };
    },
  );

  app.post(
    '/device-auth/pair',
    {
      config: { auth: 'public' },
      schema: { tags: ['kiosk'], body: pairDeviceBody, response: { 200: pairDeviceAnswer } },
    },
    (req) => pairDevice(app.services, req.body.code, req.ip),
  );
}
