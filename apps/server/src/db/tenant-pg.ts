import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Tx } from './client.ts';
import { pgClientOf, plainRows } from './prepared.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid made safe to place inside SQL text; anything else is refused. */
export function uuidLiteral(value: string | null): string {
  if (value === null) return 'null';
  if (!UUID_RE.test(value)) throw new Error('not a uuid');
  return `'${value.toLowerCase()}'::uuid`;
}

/** Connections whose transaction a statement already ended (runThenCommit): finish only releases them. */
const endedEarly = new WeakSet<object>();

/**
 * Runs one statement and ends the transaction right behind it: the statement and COMMIT go to
 * the server together, so the transaction ends the moment the statement does, and row locks the statement took (a class's attendance counter under 50
 * kiosks) are held for the statement's own time, not for a trip through a busy event loop.
 * Use it only for a statement that, when it succeeds, leaves nothing a later step could still
 * have to roll back; nothing may run in the transaction after it. If the statement fails, the
 * queued COMMIT ends the transaction as a rollback. On PGlite (no pool client) it runs the
 * statement only and the transaction commits as usual.
 */
export async function runThenCommit<T>(tx: Tx, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = pgClientOf(tx);
  if (!client) return plainRows<T>(tx, text, params);
  // Pipeline mode sends COMMIT without waiting for the statement's answer, so the server runs it
  // the moment the statement ends, however busy this process is. The connection is ours alone
  // until both answers are in; then it goes back to one query at a time.
  const pipelined = client as pg.Client & { pipeline: boolean };
  pipelined.pipeline = true;
  const statement = client.query({ name, text, values: params });
  const commit = client.query('commit');
  statement.catch(() => undefined); // awaited below, after the commit has settled
  try {
    await commit; // a failure here leaves the transaction to finish(), which releases the broken client
  } finally {
    await statement.catch(() => undefined);
    pipelined.pipeline = false;
  }
  endedEarly.add(client);
  return (await statement).rows as T[];
}

export interface OpenTenantTx {
  tx: Tx;
  /** Rows of the statement sent together with BEGIN (the request context lookup). */
  preludeRows: Record<string, unknown>[];
  finish(commit: boolean): Promise<void>;
}

/** A read sent together with BEGIN, as a named prepared statement. */
export interface Prelude {
  name: string;
  text: string;
  values: unknown[];
}

/** Binds the transaction to one organisation and to the row-level-security role. */
const BIND_SQL = `select set_config('app.org_id', $1::text, true), set_config('role', 'app_user', true)`;

/**
 * Opens a transaction bound to one organisation in a single round trip: BEGIN, an optional read
 * (the request context) and the binding are written together in pipeline mode, as prepared
 * statements the connection parses and plans once.
 */
export async function beginTenantPg(
  pool: pg.Pool,
  db: Database,
  organizationId: string,
  prelude?: Prelude,
): Promise<OpenTenantTx> {
  uuidLiteral(organizationId); // refuses anything but a uuid before a connection is taken
  const client = await pool.connect();
  const piped = client as pg.PoolClient & { pipeline: boolean };
  let results: pg.QueryResult[];
  piped.pipeline = true;
  try {
    const sent = [
      client.query('begin'),
      // The prelude (key lookups only, each filtered to the organisation) reads before the
      // binding, as the connection's own role, like the context read outside a transaction.
      ...(prelude ? [client.query(prelude)] : []),
      client.query({ name: 'tenant_bind', text: BIND_SQL, values: [organizationId] }),
    ];
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    results = settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value);
  } catch (err) {
    piped.pipeline = false;
    await client.query('rollback').catch(() => undefined);
    client.release();
    throw err;
  }
  piped.pipeline = false;
  // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps its session internals untyped
  const base = (db as any)._.session as NodePgSession<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const internals = base as any;
  const session = new NodePgSession(client, internals.dialect, internals.schema, internals.options);
  const tx = new NodePgTransaction(internals.dialect, session, internals.schema) as unknown as Tx;
  let done = false;
  return {
    tx,
    preludeRows: prelude ? (results[1]?.rows ?? []) : [],
    async finish(commit) {
      if (done) return;
      done = true;
      if (endedEarly.delete(client)) {
        client.release();
        return;
      }
      try {
        await client.query(commit ? 'commit' : 'rollback');
        client.release();
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    },
  };
}
