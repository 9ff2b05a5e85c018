import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';

/**
 * Switches an open transaction to the non-superuser role bound to one organisation, so row-level
 * security limits every later statement in it to that organisation.
 */
export async function bindTenant(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select set_config('app.org_id', ${organizationId}, true), set_config('role', 'app_user', true)`,
  );
}

/**
 * The one place tenancy is applied to a request: a transaction bound to one organisation,
 * whatever filters its statements forget. Always use the `tx` it hands over.
 */
export function withTenant<T>(db: Database, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await bindTenant(tx, organizationId);
    return fn(tx);
  });
}

/**
 * A join between two tenant tables: the same organisation, and whatever else `on` says. Every
 * composite key here starts with organization_id, so the join uses it and a row can never pair
 * with another organisation's.
 */
export function tenantJoin(
  left: { organizationId: AnyColumn },
  right: { organizationId: AnyColumn },
  ...on: SQL[]
): SQL {
  return and(eq(left.organizationId, right.organizationId), ...on) as SQL;
}
