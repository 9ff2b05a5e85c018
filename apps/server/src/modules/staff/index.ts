// Staff: the weekly shifts of employee contacts (contact/update-shifts and the week's list). The
// time tracking, scheduling and payroll to come grow from here. Depends on contacts, organizations
// and auth.
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { staffHooks } from './merge.ts';
import { contactShiftsRoutes } from './shifts.routes.ts';

export function register(app: App) {
  registerContactHooks('staff', staffHooks);
  contactShiftsRoutes(app);
}
