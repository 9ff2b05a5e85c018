// Accounts: sign-up (a user with a new organisation), sign-in and the session answer every
// client keeps, and the making of an organisation with its defaults and of its members, which
// puts together the rows of organizations and contacts, and the removal of a member.
// Depends on contacts, organizations, auth.
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
} from './setup.service.ts';

export function register(app: App) {
  accountsRoutes(app);
  membersRoutes(app);
}
