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

/**
 * A query-builder statement as a named prepared statement, named after its text: each connection
 * parses and analyses it once, and PostgreSQL's plan cache plans it as for any prepared statement
 * (five plans for the values, then the generic plan when that costs no more). For a hot write
 * whose planning outweighs its running (a clock-in: row-level security, a conflict target, a
 * join) where one plan serves every organisation; on PGlite it runs as a plain query.
 */
export function namedSql<T>(tx: Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return preparedRows<T>(tx, statementName(text), text, params);
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

/**
 * A query-builder read with COMMIT sent in the same write (TenantClient.commitAfterNext): one
 * round trip for a page read in one statement. `generic` runs it as preparedSql does, on one
 * generic plan per connection. Nothing may run in the transaction after it (refused on both
 * databases); on PGlite it runs as a plain query and the transaction commits as usual.
 */
export async function readThenCommit<T>(tx: Tx, query: SQL, generic: boolean): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  logged(tx, text, params);
  const client = pgClientOf(tx);
  if (!client) {
    const found = await plainRows<T>(tx, text, params);
    fenceStatements(tx, 0); // a later statement fails here too, as it does on PostgreSQL
    return found;
  }
  client.commitAfterNext();
  const result = generic
    ? await client.queryOnGenericPlan({ name: statementName(text), text, values: params })
    : await client.query({ text, values: params });
  return result.rows as T[];
}

const statementName = (text: string) =>
  `q_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
