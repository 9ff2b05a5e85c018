// Kiosk: the calls a paired self check-in device makes (core §4, §7 kiosk actions): its
// session, today's classes, members by code or name, their bookings, the check-in and the
// self check-in theme. Only a device credential reaches them, for its own organisation.
import type { App } from '../../plugins/types.ts';
import { kioskRoutes } from './kiosk.routes.ts';

export function register(app: App) {
  kioskRoutes(app);
}
