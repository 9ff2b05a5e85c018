import type { Tx } from '../client.ts';
import { alreadyCommitted } from './tenant-pg.ts';

type Run = (...args: unknown[]) => Promise<unknown>;

/**
 * PGlite: refuses a second statement in a transaction declared as one statement, as TenantClient
 * does on PostgreSQL (where the first statement went with COMMIT behind it), so a route that runs
 * two fails on both databases. Every statement of a PGlite transaction, drizzle's and those
 * prepared.ts sends past it, goes through the transaction handle on the session.
 */
export function fenceOneStatement(tx: Tx): void {
  fenceStatements(tx, 1);
}

/** PGlite: refuses every statement of the transaction after the next `allowed` ones. */
export function fenceStatements(tx: Tx, allowed: number): void {
  const session = (tx as unknown as { session: { client: Record<string, Run> } }).session;
  const inner = session.client;
  let left = allowed;
  const counted =
    (run: Run): Run =>
    (...args) => {
      if (left === 0) return Promise.reject(alreadyCommitted());
      left--;
      return run.apply(inner, args);
    };
  session.client = Object.create(inner, {
    query: { value: counted(inner.query!) },
    exec: { value: counted(inner.exec!) },
    sql: { value: counted(inner.sql!) },
  });
}
