// Accounts: sign-up (a user with a new organisation), sign-in and the session answer every
// client keeps, and the making of an organisation with its defaults and of its members, which
// puts together the rows of organizations and contacts, and the removal of a member.
// Depends on contacts, organizations, auth.
import { grantRead, grantReadWriteUpdate, type RoleGrant } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { membersRoutes } from './members.routes.ts';

export {
  addMember,
  type CreatedOrganization,
  createOrganization,
  type MemberRole,
  type NewMember,
  type NewOrganization,
  ROLE_GRANTS,
} from './setup.service.ts';

/** Grants on the resources of modules still to come (dashboard, workspace, events, shop), kept with the module that makes organisations until each module declares its own. */
export const roleGrants: readonly RoleGrant[] = [
  grantRead('employee', 'dashboard'),
  grantReadWriteUpdate('employee', 'workspace'),
  grantRead('client', 'events'),
  grantRead('client', 'shop'),
];

export function register(app: App) {
  accountsRoutes(app);
  membersRoutes(app);
}
