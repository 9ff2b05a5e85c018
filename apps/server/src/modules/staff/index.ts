// Staff: employees' time and schedules. Time tracking (work sessions, breaks, screenshots, the
// time sheet with its audit trail, auto-ending forgotten sessions, the kiosk time clock) and
// scheduling (shifts on a Sunday-Saturday grid, drafts and publishing, the shift pool, time-off
// and reschedule requests, budgets, categories, positions, attendance, the activity log), plus
// the weekly shift lists of contact/update-shifts. Depends on contacts, organizations and auth,
// and reads devices for the time clock. Payroll and tips read what it records through
// payableSessions and positionsOf.
import { grantReadWriteUpdate, type RoleGrant } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { staffHooks } from './merge.ts';
import { scheduleModuleRoutes } from './schedule/schedule.routes.ts';
import { contactShiftsRoutes } from './shifts.routes.ts';
import { AutoEndJob } from './time/auto-end.ts';
import { punchPinRoutes } from './time/punch-pin.routes.ts';
import { timeClockRoutes } from './time/time-clock.routes.ts';
import { timesheetRoutes } from './time/timesheet.routes.ts';
import { workRoutes } from './time/work.routes.ts';

export { STAFF_DEMO_EMPLOYEES, type StaffDemoOptions, type StaffDemoPerson, seedStaffDemo } from './demo.ts';
export { type LabourRateSource, registerLabourRateSource } from './schedule/labour-rates.ts';
export { positionsOf } from './settings/catalog.service.ts';
export { endOverdueSessions } from './time/auto-end.ts';
export {
  type PayableFilter,
  type PayableRange,
  type PayableSession,
  payableSessions,
  sessionOf,
} from './time/sessions.ts';
export { PAID_PERIOD_MESSAGE, registerWorkLock, type WorkLock } from './time/work-locks.ts';

/** What the default roles may do with staff: employees clock in, see their schedule and ask for changes. */
export const roleGrants: readonly RoleGrant[] = [grantReadWriteUpdate('employee', 'staff')];

export function register(app: App) {
  registerContactHooks(app, 'staff', staffHooks);
  contactShiftsRoutes(app);
  workRoutes(app);
  timesheetRoutes(app);
  timeClockRoutes(app);
  punchPinRoutes(app);
  scheduleModuleRoutes(app);

  const { config, database } = app.services;
  const autoEnd = new AutoEndJob(database.db, app.log);
  if (config.importWorker) app.addHook('onReady', async () => autoEnd.start(10_000));
  app.addHook('onClose', () => autoEnd.stop());
}
