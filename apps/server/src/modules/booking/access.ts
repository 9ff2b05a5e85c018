import { type Action, isStaffType } from '@opsuite/shared';
import { forbidden } from '../../lib/errors.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { RequestContext } from '../../plugins/types.ts';

// Route rules and the facts of the caller every booking service shares.

export const bookingAccess = (action: Action) => tenantRoute('booking', action);
export const calendarAccess = (action: Action) => tenantRoute('calendar', action);
/**
 * Changing the classes themselves (types, groups, schedules and slots: time, capacity) needs the
 * calendar permission, which an employee's default role only reads: an instructor takes
 * attendance and books members (booking) without editing the class.
 */
export const classAccess = (action: Exclude<Action, 'read'>) => tenantRoute('calendar', action);

/** Admins, the primary account holder and employees run the schedule; members book for themselves. */
export function isStaff(ctx: RequestContext): boolean {
  return isStaffType(ctx.userType);
}

export function requireStaff(ctx: RequestContext, what: string): void {
  if (!isStaff(ctx)) throw forbidden(`Only staff can ${what}`);
}

/** The organisation facts booking services need, from the request context. */
export function orgOf(ctx: RequestContext) {
  return {
    id: ctx.organizationId,
    timeZone: ctx.organization.timeZone,
    themeColor: ctx.organization.themeColor,
  };
}
