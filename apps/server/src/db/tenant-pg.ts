import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Tx } from './client.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid made safe to place inside SQL text; anything else is refused. */
export function uuidLiteral(value: string | null): string {
  if (value === null) return 'null';
  if (!UUID_RE.test(value)) throw new Error('not a uuid');
  return `'${value.toLowerCase()}'::uuid`;
}

export interface OpenTenantTx {
  tx: Tx;
  /** Rows of the statement sent together with BEGIN (the request context lookup). */
  preludeRows: Record<string, unknown>[];
  finish(commit: boolean): Promise<void>;
}

/**
 * Opens a transaction bound to one organisation in a single round trip: BEGIN, the role switch,
 * app.org_id and an optional read (the request context) travel as one simple-protocol message.
 * Only validated uuids are ever placed in that text.
 */
export async function beginTenantPg(
  pool: pg.Pool,
  db: Database,
  organizationId: string,
  prelude?: string,
): Promise<OpenTenantTx> {
  const text = [
    'begin',
    `select set_config('app.org_id', ${uuidLiteral(organizationId)}::text, true), set_config('role', 'app_user', true)`,
    ...(prelude ? [prelude] : []),
  ].join(';\n');
  const client = await pool.connect();
  let results: pg.QueryResult[];
  try {
    results = (await client.query(text)) as unknown as pg.QueryResult[];
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    client.release();
    throw err;
  }
  // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps its session internals untyped
  const base = (db as any)._.session as NodePgSession<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const internals = base as any;
  const session = new NodePgSession(client, internals.dialect, internals.schema, internals.options);
  const tx = new NodePgTransaction(internals.dialect, session, internals.schema) as unknown as Tx;
  let done = false;
  return {
    tx,
    preludeRows: prelude ? (results[2]?.rows ?? []) : [],
    async finish(commit) {
      if (done) return;
      done = true;
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
