import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Takes a lock named by `name` until the transaction ends: writers holding the same name run one
 * after the other (`shared`: any number of shared holders together, never beside an exclusive
 * one). For rules no row lock can guard, such as a name unique in a list or a period being paid.
 */
export async function lockForTransaction(tx: Tx, name: string, mode: 'exclusive' | 'shared' = 'exclusive') {
  const key = sql`hashtextextended(${name}, 0)`;
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${key})`
      : sql`select pg_advisory_xact_lock(${key})`,
  );
}
