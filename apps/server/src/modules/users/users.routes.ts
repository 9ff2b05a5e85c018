import { deleteUserBody, idParams, okBody, updateProfileBody, userAnswer } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { deleteSelf, getUser, updateProfile } from './users.service.ts';

export function usersRoutes(app: App) {
  const { services } = app;

  app.get(
    '/user/:id',
    {
      config: { auth: 'tenant', permission: { resource: 'base', action: 'read' }, systemReads: true },
      schema: { tags: ['users'], params: idParams, response: { 200: userAnswer } },
    },
    (req) => getUser(services, req.ctx!, req.params.id),
  );

  app.put(
    '/user/profile/:id',
    {
      config: { auth: 'user', permission: 'self' },
      schema: { tags: ['users'], params: idParams, body: updateProfileBody, response: { 200: userAnswer } },
    },
    (req) => updateProfile(services, req.userId!, req.params.id, req.body),
  );

  app.delete(
    '/user/delete',
    {
      config: { auth: 'user', permission: 'self' },
      schema: { tags: ['users'], body: deleteUserBody, response: { 200: okBody } },
    },
    async (req) => {
      await deleteSelf(services, req.userId!, req.body);
      return { success: true as const, message: 'Account deleted' };
    },
  );
}
