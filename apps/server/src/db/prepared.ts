import type { Tx } from './client.ts';
import { TenantClient } from './tenant-pg.ts';

/**
 * Runs a hot statement (kiosk check-in, code lookup) inside the request's transaction as a named
 * prepared statement on PostgreSQL, so each connection parses and plans it once (building and
 * planning a query per request costs a third of throughput, ARCHITECTURE trap 7). On PGlite it
 * runs as a plain parameterised query. `text` must be constant for a given `name`.
 */
export async function preparedRows<T>(tx: Tx, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = pgClientOf(tx);
  if (client) return (await client.query({ name, text, values: params })).rows as T[];
  return plainRows<T>(tx, text, params);
}

/** The transaction's client on PostgreSQL; null on PGlite (one in-process connection). */
export function pgClientOf(tx: Tx): TenantClient | null {
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  return client instanceof TenantClient ? client : null;
}

/** The same statement as a plain parameterised query (PGlite). */
export async function plainRows<T>(tx: Tx, text: string, params: unknown[]): Promise<T[]> {
  const client = (
    tx as unknown as { session: { client: { query(t: string, p: unknown[]): Promise<{ rows: unknown[] }> } } }
  ).session.client;
  return (await client.query(text, params)).rows as T[];
}

/**
 * Runs one statement and ends the transaction right behind it (TenantClient.commitAfterNext).
 * Use it only for a statement that, when it succeeds, leaves nothing a later step could still
 * have to roll back; nothing may run in the transaction after it. On PGlite it runs the
 * statement only and the transaction commits as usual.
 */
export async function runThenCommit<T>(tx: Tx, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = pgClientOf(tx);
  if (!client) return plainRows<T>(tx, text, params);
  client.commitAfterNext();
  return (await client.query({ name, text, values: params })).rows as T[];
}
