// Devices: an organisation's self check-in kiosks, their codes and pairing (a device credential
// the kiosk routes accept while the device exists and is active). Depends on organizations, auth.
import { grantReadWriteUpdate, type RoleGrant } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { devicesRoutes } from './devices.routes.ts';

export { deviceSeen, kioskOrganizationOf } from './devices.service.ts';

/** What the default roles may do with the kiosk: employees use the paired kiosk (its device codes stay an admin's). */
export const roleGrants: readonly RoleGrant[] = [grantReadWriteUpdate('employee', 'kiosk')];

export function register(app: App) {
  devicesRoutes(app);
}
