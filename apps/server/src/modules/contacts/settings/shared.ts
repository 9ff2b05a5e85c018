import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { forbidden } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { isOrganizationAdmin } from '../access.ts';

// Helpers the settings lists (tags, stages, ranks, types, fields) share.

/** The next sort position in `table` for this organisation (optionally within a group). */
export async function nextSortOrder(
  tx: Tx,
  table: string,
  orgId: string,
  extra: SQL = sql``,
): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(sort_order) + 1, 0)::int as n from ${sql.identifier(table)}
        where organization_id = ${orgId} ${extra}`,
  );
  return row?.n ?? 0;
}

export function requireAdmin(ctx: RequestContext, what: string): void {
  if (!isOrganizationAdmin(ctx)) throw forbidden(`Only an admin can ${what}`);
}
