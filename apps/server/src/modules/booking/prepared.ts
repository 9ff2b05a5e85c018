import pg from 'pg';
import type { Tx } from '../../db/client.ts';

/**
 * Runs a hot statement (kiosk check-in, code lookup) inside the request's transaction as a named
 * prepared statement on PostgreSQL, so each connection parses and plans it once (building and
 * planning a query per request costs a third of throughput, ARCHITECTURE trap 7). On PGlite it
 * runs as a plain parameterised query. `text` must be constant for a given `name`.
 */
export async function preparedRows<T>(tx: Tx, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Client) {
    const result = await client.query({ name, text, values: params });
    return result.rows as T[];
  }
  const result = await (client as { query(t: string, p: unknown[]): Promise<{ rows: unknown[] }> }).query(
    text,
    params,
  );
  return result.rows as T[];
}
