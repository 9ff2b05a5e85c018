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
  const session = (tx as unknown as { session: { client: Record<string, Run> } }).session;
  const inner = session.client;
  let used = false;
  const once =
    (run: Run): Run =>
    (...args) => {
      if (used) return Promise.reject(alreadyCommitted());
      used = true;
      return run(...args);
    };
  session.client = Object.create(inner, {
    query: { value: once(inner.query!) },
    exec: { value: once(inner.exec!) },
    sql: { value: once(inner.sql!) },
  });
}
