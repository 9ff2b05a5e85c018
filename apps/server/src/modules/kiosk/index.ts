// Kiosk: the calls a paired self check-in device makes for its own organisation (core §4, §7):
// session, classes, members by code or name, their bookings, check-in, theme. Depends on booking
// and devices, and reads contacts.
import type { App } from '../../plugins/types.ts';
import { kioskRoutes } from './kiosk.routes.ts';

export function register(app: App) {
  kioskRoutes(app);
}
