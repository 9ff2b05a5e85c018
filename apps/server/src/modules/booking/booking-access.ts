import type { Action } from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/types.ts';

// Route rules and small helpers every booking service shares.

export const bookingAccess = (action: Action) => ({
  auth: 'tenant' as const,
  permission: { resource: 'booking', action },
});
export const calendarAccess = (action: Action) => ({
  auth: 'tenant' as const,
  permission: { resource: 'calendar', action },
});

const STAFF = new Set(['admin', 'primary', 'employee']);

/** Admins, the primary account holder and employees run the schedule; members book for themselves. */
export function isStaff(ctx: RequestContext): boolean {
  return STAFF.has(ctx.userType);
}

export function requireStaff(ctx: RequestContext, what: string): void {
  if (!isStaff(ctx)) throw forbidden(`Only staff can ${what}`);
}

export const missing = (what: string, field?: string) =>
  new AppError('NOT_FOUND', `${what} not found`, field ? [{ field, message: 'not found' }] : undefined);

export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', `${field}: ${message}`, [{ field, message }]);

export const conflict = (message: string, field?: string) =>
  new AppError('CONFLICT', message, field ? [{ field, message }] : undefined);

/** A timestamptz as ISO-8601 UTC text, identical on both drivers. */
export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const isoDay = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

/** The Postgres error behind a drizzle error (drizzle wraps driver errors in `cause`). */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  return ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = pgError(err);
  return e.code === '23505' && e.constraint === constraint;
}

export const deletedAnswer = (message: string) => ({ success: true as const, message });
export const savedAnswer = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** The organisation facts booking services need, from the request context. */
export function orgOf(ctx: RequestContext) {
  return {
    id: ctx.organizationId,
    timeZone: ctx.organization.timeZone,
    themeColor: ctx.organization.themeColor,
  };
}
