// Kiosk: the calls a paired self check-in device makes for its own organisation:
// session, classes, members by code or name, their bookings, check-in, theme. Depends on booking,
// devices and organizations (the audit log), and reads contacts.
import type { App } from '../../plugins/types.ts';
import { kioskRoutes } from './kiosk.routes.ts';
import { budgetFromEnv, KioskLookupLimit } from './lookup-limit.ts';
import { auditMisses, KioskMissLog } from './miss-log.ts';

export function register(app: App) {
  const { database, limiter } = app.services;
  const limit = new KioskLookupLimit(limiter, {
    budget: budgetFromEnv(),
    onError: (err) => app.log.error({ err }, 'kiosk: counting a lookup failed'),
  });
  const misses = new KioskMissLog(auditMisses(database.db), app.log);
  app.addHook('onClose', () => misses.flush());
  kioskRoutes(app, { limit, misses });
}
