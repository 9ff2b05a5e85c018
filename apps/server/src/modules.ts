import type { RoleGrant } from '@opsuite/shared';
import * as accounts from './modules/accounts/index.ts';
import * as auth from './modules/auth/index.ts';
import * as billing from './modules/billing/index.ts';
import * as booking from './modules/booking/index.ts';
import * as contacts from './modules/contacts/index.ts';
import * as devices from './modules/devices/index.ts';
import * as giftCards from './modules/gift-cards/index.ts';
import * as health from './modules/health/index.ts';
import * as kiosk from './modules/kiosk/index.ts';
import * as organizations from './modules/organizations/index.ts';
import * as payroll from './modules/payroll/index.ts';
import * as portal from './modules/portal/index.ts';
import * as staff from './modules/staff/index.ts';
import * as users from './modules/users/index.ts';

/**
 * The whole wiring, in dependency order (a module uses only modules before it), which is also
 * the order of their contact hooks. Each module registers its own routes and seams.
 */
export const MODULES = [
  health,
  auth,
  organizations,
  contacts,
  accounts,
  users,
  booking,
  devices,
  kiosk,
  billing,
  staff,
  portal,
  payroll,
  giftCards,
];

/**
 * What each module grants a new organisation's Employee and Client roles on its own resources
 * (its index.ts exports `roleGrants`), gathered: sign-up reads them from the app, the seeds from
 * here.
 */
export const DEFAULT_ROLE_GRANTS: readonly RoleGrant[] = MODULES.flatMap((m) =>
  'roleGrants' in m ? (m.roleGrants as readonly RoleGrant[]) : [],
);
