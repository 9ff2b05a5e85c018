import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { rowsOf } from './contact-query.ts';
import { isOrganizationAdmin } from './contacts-access.ts';

// Helpers the settings lists (tags, stages, ranks, types, fields) share.

/** Runs `work`; a unique-index violation on `constraint` becomes a 409 naming `field`. */
export async function uniqueOr409<T>(
  constraint: string,
  field: string,
  message: string,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (err) {
    const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
    if (cause.code === '23505' && cause.constraint === constraint) {
      throw new AppError('CONFLICT', message, [{ field, message }]);
    }
    throw err;
  }
}

/** The next sort position in `table` for this organisation (optionally within a group). */
export async function nextSortOrder(
  tx: Tx,
  table: string,
  orgId: string,
  extra: SQL = sql``,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select coalesce(max(sort_order) + 1, 0)::int as n from ${sql.identifier(table)}
        where organization_id = ${orgId} ${extra}`,
  );
  return row?.n ?? 0;
}

export function requireAdmin(ctx: RequestContext, what: string): void {
  if (!isOrganizationAdmin(ctx)) throw forbidden(`Only an admin can ${what}`);
}

export const deleted = (message: string) => ({ success: true as const, message });
export const saved = <T>(message: string, data: T) => ({ success: true as const, message, data });
