// Devices: the self check-in kiosks of an organisation. Admins generate, rename and remove
// device codes; a kiosk pairs itself with a code (public, rate limited) and gets a device
// credential that the kiosk module's routes accept while the device exists and is active.
import type { App } from '../../plugins/types.ts';
import { devicesRoutes } from './devices.routes.ts';

export function register(app: App) {
  devicesRoutes(app);
}
