import { type Action, can, isOwnerType, isStaffType, STAFF_TYPES } from '@opsuite/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { forbidden, invalid, lookupMissing } from '../../lib/errors.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { contacts, contactTypes } from '../contacts/contacts.tables.ts';

// Who may do what with staff time and schedules. Every route is guarded by the staff resource;
// employees (read, write and update on it) work on their own time and shifts, while managing
// everyone's (time sheets, the schedule, approvals) needs a manager: an admin, the primary
// account holder, or a role granted the whole staff resource (delete included).

export const staffAccess = (action: Action) => tenantRoute('staff', action);

/**
 * Contact types whose contacts clock in and take shifts (shared STAFF_TYPES), as an SQL list of
 * constants: the roster and the clock's look-up are prepared statements planned once.
 */
export const staffTypesSql = sql.raw(`(${STAFF_TYPES.map((t) => `'${t}'`).join(', ')})`);

export function managesStaff(ctx: RequestContext): boolean {
  return isOwnerType(ctx.userType) || can(ctx.ability, 'delete', 'staff');
}

export function requireManager(ctx: RequestContext, what = 'manage staff time and schedules'): void {
  if (!managesStaff(ctx)) throw forbidden(`Only a manager can ${what}`);
}

/** The caller's own employee contact, or null for a user without one. */
export const ownContact = (ctx: RequestContext): string | null => ctx.role.contactId;

/**
 * Whose record a call is about: the caller's own contact when none (or their own) is named;
 * another employee's only for a manager.
 */
export function subjectContact(ctx: RequestContext, contactId: string | undefined, what?: string): string {
  const own = ownContact(ctx);
  if (!contactId || contactId === own) {
    if (!own) throw invalid('contactId', 'your account has no employee record in this organisation');
    return own;
  }
  requireManager(ctx, what);
  return contactId;
}

/** An employee contact of the organisation (a live contact of a staff type), or a 400. */
export async function staffContact(tx: Tx, orgId: string, contactId: string, field = 'contactId') {
  const [found] = await tx
    .select({ id: contacts.id, fullName: contacts.fullName, email: contacts.email, type: contactTypes.type })
    .from(contacts)
    .leftJoin(contactTypes, tenantJoin(contactTypes, contacts, eq(contactTypes.id, contacts.contactTypeId)))
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
  if (!found) throw lookupMissing(field);
  if (!found.type || !isStaffType(found.type)) {
    throw invalid(field, 'is not an employee');
  }
  return { id: found.id, fullName: found.fullName, email: found.email };
}

/** Parses a jsonb value the way both drivers may hand it over (text or parsed). */
export const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
