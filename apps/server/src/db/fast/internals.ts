import { sql } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';

// The private internals of pg and drizzle-orm that this folder relies on, each with a probe that
// exercises it the way the code does, without a database. Both packages are pinned to exact
// versions; internals.test.ts fails, naming the internal, when an upgrade takes one away. At run
// time the code stays correct without them where it can (pg-cork then leaves the driver alone).

export interface Internal {
  /** What the code reaches for, as written in it. */
  name: string;
  usedBy: string;
  present(): boolean | Promise<boolean>;
}

type Loose = Record<string, unknown>;
const fn = (v: unknown) => typeof v === 'function';

/** A driver client that records what drizzle sends it. */
function recordingClient() {
  const calls: { config: unknown; params: unknown }[] = [];
  return {
    calls,
    query: (config: unknown, params?: unknown) => {
      calls.push({ config, params });
      return Promise.resolve({ rows: [], fields: [], rowCount: 0, command: 'SELECT' });
    },
  };
}

/** A node-postgres session and transaction made as beginTenantPg makes them, over `client`. */
function tenantSession(client: unknown) {
  const db = drizzle(new pg.Pool({ max: 1 }));
  const base = (db as unknown as { _: { session: Loose } })._.session;
  const session = new NodePgSession(
    client as never,
    base.dialect as PgDialect,
    undefined,
    base.options as never,
  );
  return { base, session, tx: new NodePgTransaction(base.dialect as PgDialect, session, undefined) };
}

export const INTERNALS: Internal[] = [
  {
    name: 'pg.Connection.prototype._send',
    usedBy: 'pg-cork.ts: every protocol message goes through it',
    present: () => fn((pg as unknown as { Connection?: { prototype: Loose } }).Connection?.prototype._send),
  },
  {
    name: 'pg Connection#stream (cork, uncork, writable)',
    usedBy: 'pg-cork.ts: corks the socket for the rest of the tick',
    present: () => {
      const Connection = (pg as unknown as { Connection: new () => { stream?: Loose } }).Connection;
      const stream = new Connection().stream;
      return !!stream && fn(stream.cork) && fn(stream.uncork) && 'writable' in stream;
    },
  },
  {
    name: 'pg Client#pipeline flag',
    usedBy: 'tenant-pg.ts: BEGIN, the context read and the binding (or a statement and COMMIT) in one write',
    present: () => {
      const client = new pg.Client() as unknown as Loose;
      return client.pipeline === false && new pg.Client({ pipeline: true } as never).pipeline === true;
    },
  },
  {
    name: 'drizzle-orm: db._.session (a NodePgSession with dialect, options and logger)',
    usedBy: 'tenant-pg.ts: a tenant transaction is built from the database handle’s session',
    present: () => {
      const { base } = tenantSession(recordingClient());
      return (
        (base as unknown) instanceof NodePgSession &&
        base.dialect instanceof PgDialect &&
        !!base.options &&
        !!base.logger
      );
    },
  },
  {
    name: 'drizzle-orm: new NodePgSession(client, dialect, schema, options) sends through client.query(config, params)',
    usedBy: 'tenant-pg.ts: a transaction’s statements go through TenantClient',
    present: async () => {
      const client = recordingClient();
      const { session } = tenantSession(client);
      await session.execute(sql`select ${1}`);
      const call = client.calls[0];
      return (
        (session as unknown as Loose).client === client &&
        client.calls.length === 1 &&
        (call?.config as { text?: string } | undefined)?.text === 'select $1' &&
        JSON.stringify(call?.params) === '[1]'
      );
    },
  },
  {
    name: 'drizzle-orm: new NodePgTransaction(dialect, session, schema), tx.session.client and tx.session.logger',
    usedBy: 'tenant-pg.ts builds the transaction; prepared.ts reaches its client and logs through its logger',
    present: async () => {
      const client = recordingClient();
      const { session, tx } = tenantSession(client);
      await tx.execute(sql`select 1`);
      const inner = (tx as unknown as { session?: Loose }).session;
      const logger = inner?.logger as { logQuery?: unknown } | undefined;
      return (
        (inner as unknown) === session &&
        inner?.client === client &&
        fn(logger?.logQuery) &&
        client.calls.length === 1
      );
    },
  },
  {
    name: 'drizzle-orm/pglite: a transaction’s tx.session.client is the PGlite transaction, read for each statement',
    usedBy: 'prepared.ts runs statements on it; one-statement.ts puts a fence in its place',
    present: async () => {
      const txClient = recordingClient();
      const fence = recordingClient();
      const pglite = { transaction: (cb: (c: unknown) => Promise<unknown>) => cb(txClient) };
      const session = new PgliteSession(pglite as never, new PgDialect(), undefined, {});
      let reached: unknown;
      await session.transaction(async (tx) => {
        const inner = (tx as unknown as { session: Loose }).session;
        reached = inner.client;
        await tx.execute(sql`select 1`);
        inner.client = fence;
        await tx.execute(sql`select 2`);
      });
      return reached === txClient && txClient.calls.length === 1 && fence.calls.length === 1;
    },
  },
];

/** The internals an upgrade took away, each named with what uses it. */
export async function missingInternals(): Promise<string[]> {
  const missing: string[] = [];
  for (const internal of INTERNALS) {
    let present = false;
    try {
      present = await internal.present();
    } catch {
      present = false;
    }
    if (!present) missing.push(`${internal.name} (${internal.usedBy})`);
  }
  return missing;
}
