// Devices: an organisation's self check-in kiosks, their codes and pairing (a device credential
// the kiosk routes accept while the device exists and is active). Depends on organizations, auth.
import type { App } from '../../plugins/types.ts';
import { devicesRoutes } from './devices.routes.ts';

export { deviceSeen, kioskOrganizationOf } from './devices.service.ts';

export function register(app: App) {
  devicesRoutes(app);
}
