import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../client.ts';
import { fenceStatements } from './one-statement.ts';
import { TenantClient } from './tenant-pg.ts';

const dialect = new PgDialect();

/**
 * Runs a hot statement (kiosk check-in, code lookup) inside the request's transaction as a named
 * prepared statement on PostgreSQL, so each connection parses and plans it once (building and
 * planning a query per request costs a third of throughput, ARCHITECTURE trap 7). On PGlite it
 * runs as a plain parameterised query. `text` must be constant for a given `name`.
 */
export async function preparedRows<T>(tx: Tx, name: string, text: string, params: unknown[]): Promise<T[]> {
  logged(tx, text, params);
  const client = pgClientOf(tx);
  if (client) return (await client.query({ name, text, values: params })).rows as T[];
  return plainRows<T>(tx, text, params);
}

/**
 * A query-builder statement as a named prepared statement, named after its text, run on one
 * generic plan per connection (planned without the parameter values; PostgreSQL's own choice kept
 * planning the contacts list afresh, which cost as much as running it). Use it only where one
 * plan is right for every organisation, small or a million contacts: a walk down
 * one index in its order with a limit (the unfiltered contacts list), never a LIKE or a filter
 * whose selectivity differs between organisations (a generic plan once took 1.5 s for a name
 * search that takes 0.4 ms with a plan made for its values).
 */
export async function preparedSql<T>(tx: Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  logged(tx, text, params);
  const client = pgClientOf(tx);
  if (!client) return plainRows<T>(tx, text, params);
  return (await client.queryOnGenericPlan({ name: statementName(text), text, values: params })).rows as T[];
}

/** Statements sent past drizzle still reach its logger, like every other statement. */
function logged(tx: Tx, text: string, params: unknown[]): void {
  (
    tx as unknown as { session: { logger?: { logQuery(q: string, p: unknown[]): void } } }
  ).session.logger?.logQuery(text, params);
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
  logged(tx, text, params);
  const client = pgClientOf(tx);
  if (!client) return plainRows<T>(tx, text, params);
  client.commitAfterNext();
  return (await client.query({ name, text, values: params })).rows as T[];
}

/** A read for readsThenCommit; `generic` as preparedSql (one plan right for every organisation). */
export interface BatchRead {
  query: SQL;
  generic?: boolean;
}

/**
 * Independent reads sent in one write, COMMIT right behind them: one round trip for a page that
 * needs several (the schedule grid's roster, time off, rates and week status). A `generic` read
 * runs as preparedSql's, on one generic plan per connection; the others are parsed and planned
 * for their values. Nothing may run in the transaction after it (refused on both databases). On
 * PGlite the reads run one after another and the transaction commits as usual.
 */
export async function readsThenCommit<T extends unknown[][]>(tx: Tx, reads: BatchRead[]): Promise<T> {
  const built = reads.map(({ query, generic }) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    logged(tx, text, params);
    return { text, params, generic: generic === true };
  });
  const client = pgClientOf(tx);
  if (!client) {
    const out: unknown[][] = [];
    for (const r of built) out.push(await plainRows(tx, r.text, r.params));
    fenceStatements(tx, 0); // a later statement fails here too, as it does on PostgreSQL
    return out as T;
  }
  client.commitAfterNext();
  const results = await client.queryAll(
    built.map((r) => ({
      config: r.generic
        ? { name: statementName(r.text), text: r.text, values: r.params }
        : { text: r.text, values: r.params },
      generic: r.generic,
    })),
  );
  return results.map((r) => r.rows) as T;
}

const statementName = (text: string) =>
  `q_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
