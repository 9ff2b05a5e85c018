import { memberParams, organizationMember, organizationMembersAnswer } from '@opsuite/shared';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import { listMembers, removeMember } from './members.service.ts';

// The organisation's members: who can sign in to it, and the removal of one (admins only).

export function membersRoutes(app: App) {
  const tags = ['organizations'];

  app.get(
    '/organization/current/members',
    {
      config: tenantRoute('users', 'read'),
      schema: { tags, response: { 200: organizationMembersAnswer } },
    },
    async (req) => ({ members: await req.tenant((tx) => listMembers(tx, req.ctx!.organizationId)) }),
  );

  app.delete(
    '/organization/current/members/:userId',
    {
      config: tenantRoute('users', 'delete'),
      schema: { tags, params: memberParams, response: { 200: organizationMember } },
    },
    (req) => req.tenant((tx) => removeMember(tx, req.ctx!, req.params.userId)),
  );
}
