import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Tx } from '../client.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a tenant transaction's statements go through on PostgreSQL: the pool connection, plus the
 * ability to send the next statement with COMMIT right behind it (`commitAfterNext`). The
 * statement and COMMIT then reach the server in one write, so the transaction ends the moment
 * the statement does: one round trip fewer for a request that runs one statement, and row locks
 * (a class's attendance counter under 50 kiosks) held for the statement's own time, not for a
 * trip through a busy event loop. If the statement fails, the queued COMMIT ends the transaction
 * as a rollback. A statement after that is refused: it would run outside the transaction.
 */
export class TenantClient {
  private armed = false;
  ended = false;

  /**
   * @param client the connection, or null when it is taken at the first statement (`lazy`).
   * @param pending BEGIN and the binding, when they wait for the first statement (a transaction
   *   opened without a context read): they are then written together with it, so a device's
   *   one-statement request takes one round trip, not two.
   * @param lazy where the connection comes from when the first statement is sent: the pool, or,
   *   for a one-statement request, a connection kept bound to the organisation (`bound`).
   */
  constructor(
    private client: pg.PoolClient | null,
    private pending: pg.QueryConfig[] | null = null,
    private readonly lazy?: LazyConnection,
  ) {}

  /** The connection, once one was taken. */
  get connection(): pg.PoolClient | null {
    return this.client;
  }

  /** True while nothing was sent: there is no transaction to end. */
  get unopened(): boolean {
    return this.pending !== null;
  }

  /** The next statement ends the transaction (see the class comment). */
  commitAfterNext(): void {
    this.armed = true;
  }

  private opening(): pg.QueryConfig[] {
    const before = this.pending ?? [];
    this.pending = null;
    return before;
  }

  /** COMMIT, if the next statement ends the transaction. */
  private closing(otherwise: string[]): string[] {
    if (!this.armed) return otherwise;
    this.armed = false;
    this.ended = true;
    return ['commit'];
  }

  private async connect(): Promise<pg.PoolClient> {
    if (!this.client) this.client = await this.lazy!.connect();
    return this.client;
  }

  async query(config: unknown, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.ended) throw alreadyCommitted();
    if (this.armed && this.pending !== null && this.lazy?.bound) {
      return this.onBoundConnection(config as pg.QueryConfig, values);
    }
    const connection = await this.connect();
    const before = this.opening();
    if (!this.armed && before.length === 0) return connection.query(config as pg.QueryConfig, values);
    return pipelined(connection, before, config as pg.QueryConfig, values, this.closing([]));
  }

  /**
   * The request's one statement, alone: on a connection already bound to the organisation (its
   * session's role and organisation, see BIND_SESSION_SQL) it needs no BEGIN, binding or COMMIT,
   * which cost the database more than a key read itself; a connection bound elsewhere, or not
   * yet, gets the binding in the same write. One statement is its own transaction.
   */
  private async onBoundConnection(config: pg.QueryConfig, values: unknown[] | undefined) {
    const { bound, organizationId } = this.lazy!;
    this.pending = null;
    this.armed = false;
    this.ended = true;
    const client: BoundClient = await bound!.connect();
    this.client = client;
    const bind =
      client.boundTo === organizationId
        ? []
        : [{ name: 'tenant_bind_session', text: BIND_SESSION_SQL, values: [organizationId] }];
    // Unknown until the binding is answered: a failure leaves it to be bound again.
    client.boundTo = null;
    const result = await pipelined(client, bind, config, values, []);
    client.boundTo = organizationId;
    return result;
  }

  /**
   * A named prepared statement run on its generic plan (planned once per connection, without
   * the parameter values), which PostgreSQL's own choice would not always take: the plan mode is
   * set for this statement only, in the same write. See preparedSql for when that is right.
   */
  async queryOnGenericPlan(config: pg.QueryConfig): Promise<pg.QueryResult> {
    if (this.ended) throw alreadyCommitted();
    const connection = await this.connect();
    const before = [...this.opening(), { text: 'set local plan_cache_mode = force_generic_plan' }];
    const after = this.closing(['set local plan_cache_mode to default']);
    return pipelined(connection, before, config, undefined, after);
  }

  /** Gives the connection back (a broken one with its error, so the pool drops it). */
  release(err?: Error): void {
    this.client?.release(err);
    this.client = null;
  }
}

/** Where a transaction opened without a context read takes its connection. */
export interface LazyConnection {
  /** Takes a connection of the pool (the pool's own method, not the guarded handle's). */
  connect(): Promise<pg.PoolClient>;
  /** Connections kept bound to one organisation between requests (one-statement requests). */
  bound?: pg.Pool;
  organizationId: string;
}

/** A connection of the bound pool, with the organisation its session is bound to (null: none). */
type BoundClient = pg.PoolClient & { boundTo?: string | null };

/**
 * Binds a bound pool's connection for the whole session: every later statement on it runs as the
 * row-level-security role, limited to this organisation, until it is bound to another. Only
 * one-statement tenant requests use these connections, and each checks the binding first.
 */
const BIND_SESSION_SQL = `select set_config('app.org_id', $1::text, false), set_config('role', 'app_user', false)`;

/** A statement after the one a one-statement transaction was declared with (PGlite says the same). */
export const alreadyCommitted = () =>
  new Error('The transaction was already committed with its one statement');

/**
 * Sends `before`, the statement and `after` in one write (pipeline mode) and answers the
 * statement's result. The connection is ours alone until every answer is in; then it goes back to
 * one query at a time. If the statement fails, a queued COMMIT ends the transaction as a rollback
 * and the statement's error is thrown; a failing COMMIT is thrown too, and finish() then releases
 * the broken client.
 */
async function pipelined(
  client: pg.PoolClient,
  before: (string | pg.QueryConfig)[],
  config: pg.QueryConfig,
  values: unknown[] | undefined,
  after: string[],
): Promise<pg.QueryResult> {
  const piped = client as pg.PoolClient & { pipeline: boolean };
  piped.pipeline = true;
  let settled: PromiseSettledResult<pg.QueryResult>[];
  try {
    settled = await Promise.allSettled([
      ...before.map((q) => client.query(q)),
      client.query(config, values),
      ...after.map((text) => client.query(text)),
    ]);
  } finally {
    piped.pipeline = false;
  }
  const main = settled[before.length]!;
  if (main.status === 'rejected') throw main.reason;
  const failed = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) throw failed.reason;
  return main.value;
}

export interface OpenTenantTx {
  tx: Tx;
  /** Rows of the statement sent together with BEGIN (the request context lookup). */
  preludeRows: Record<string, unknown>[];
  /** The handler's next statement ends the transaction (a route that runs one statement). */
  commitAfterNext(): void;
  finish(commit: boolean): Promise<void>;
}

/** A read sent together with BEGIN, as a named prepared statement. */
export interface Prelude {
  name: string;
  text: string;
  values: unknown[];
  /** Key lookups only: run on the statement's generic plan (planned once per connection). */
  generic?: boolean;
}

/** Binds the transaction to one organisation and to the row-level-security role. */
const BIND_SQL = `select set_config('app.org_id', $1::text, true), set_config('role', 'app_user', true)`;

/**
 * Opens a transaction bound to one organisation. With a read of the request context, BEGIN, that
 * read and the binding are written together in pipeline mode, as prepared statements the
 * connection parses and plans once, and answered before the handler runs. Without one, nothing
 * is sent yet: BEGIN and the binding go in the same write as the handler's first statement.
 */
export async function beginTenantPg(
  pools: { connect(): Promise<pg.PoolClient>; bound?: pg.Pool },
  db: Database,
  organizationId: string,
  prelude?: Prelude,
): Promise<OpenTenantTx> {
  // Refuses anything but a uuid before a connection is taken.
  if (!UUID_RE.test(organizationId)) throw new Error('not a uuid');
  // Without a context read nothing is sent yet: the connection is taken with the first statement.
  const client = prelude ? await pools.connect() : null;
  const read: pg.QueryConfig[] = prelude
    ? [{ name: prelude.name, text: prelude.text, values: prelude.values }]
    : [];
  const opening: pg.QueryConfig[] = [
    { text: 'begin' },
    // The prelude (key lookups only, each filtered to the organisation) reads before the
    // binding, as the connection's own role, like the context read outside a transaction. On
    // its generic plan when it says so: planning it for each request's values took 0.35 ms of
    // the database's time, several times its running.
    ...(prelude?.generic
      ? [
          { text: 'set local plan_cache_mode = force_generic_plan' },
          ...read,
          { text: 'set local plan_cache_mode to default' },
        ]
      : read),
    { name: 'tenant_bind', text: BIND_SQL, values: [organizationId] },
  ];
  let results: pg.QueryResult[] = [];
  if (client && prelude) {
    const piped = client as pg.PoolClient & { pipeline: boolean };
    piped.pipeline = true;
    try {
      const settled = await Promise.allSettled(opening.map((q) => client.query(q)));
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
  }
  // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps its session internals untyped
  const base = (db as any)._.session as NodePgSession<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const internals = base as any;
  // Without the relational schema: building its query helpers for every table cost about 4% of
  // a request's CPU, and no code reads through tx.query.
  const txClient = new TenantClient(
    client,
    prelude ? null : opening,
    prelude ? undefined : { connect: pools.connect, bound: pools.bound, organizationId },
  );
  const session = new NodePgSession(txClient as never, internals.dialect, undefined, internals.options);
  const tx = new NodePgTransaction(internals.dialect, session, undefined) as unknown as Tx;
  let done = false;
  return {
    tx,
    preludeRows: prelude ? (results[prelude.generic ? 2 : 1]?.rows ?? []) : [],
    commitAfterNext: () => txClient.commitAfterNext(),
    async finish(commit) {
      if (done) return;
      done = true;
      if (txClient.ended || txClient.unopened) {
        txClient.release();
        return;
      }
      try {
        await txClient.connection!.query(commit ? 'commit' : 'rollback');
        txClient.release();
      } catch (err) {
        txClient.release(err as Error);
        throw err;
      }
    },
  };
}
