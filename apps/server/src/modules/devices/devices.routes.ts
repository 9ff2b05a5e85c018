import type { Action } from '@opsuite/shared';
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

const kioskAccess = (action: Action) => tenantRoute('kiosk', action);

export function devicesRoutes(app: App) {
  const tags = ['device management'];
  app.get(
    '/device-management',
    { config: kioskAccess('read'), schema: { tags, response: { 200: deviceListAnswer } } },
    (req) => req.tenant((tx) => listDevices(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/device-management',
    {
      config: kioskAccess('write'),
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
      config: kioskAccess('update'),
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
    { config: kioskAccess('delete'), schema: { tags, params: idParams, response: { 200: okBody } } },
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
