import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { guardPglite, guardPool } from './connection-guard.ts';
import './fast/pg-cork.ts';
import { beginTenantPg, type OpenTenantTx, type Prelude } from './fast/tenant-pg.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers expose the same query API; the node-postgres type stands for both. */
export type Database = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The NOTIFY channels every connection of a handle listens to. `tenant_context`: a change to what
 * request contexts are read from (db/sql/app-notify-context-change.sql), with the organisation's id.
 */
export const NOTICE_CHANNELS = ['tenant_context'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Runs one SQL text with parameters and returns rows, outside any tenant context. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The same as a server-side prepared statement under `name` (hot paths). */
  prepared<T = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL only: opens a tenant transaction in one round trip, optionally with a read sent
   * together with BEGIN. PGlite has one connection, so it uses drizzle's transaction instead.
   */
  beginTenant?(organizationId: string, prelude?: Prelude): Promise<OpenTenantTx>;
  /**
   * Emits each NOTIFY payload sent on a channel of NOTICE_CHANNELS, by any process, with the
   * channel as the event. Every pool connection listens, so a change committed through this
   * handle is emitted before its COMMIT answers (PostgreSQL delivers a session's own
   * notifications ahead of the answer; PGlite with the statement's). Another process's change
   * arrives while this process holds a connection: `listening` says whether one does.
   */
  notices: EventEmitter;
  /** False while no connection listens (a notification sent now would be missed). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... for a real server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string;
  /** PGlite: starts from this dumped data directory (a tarball from dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const notices = new EventEmitter();
    const listeners = new Set<pg.ClientBase>();
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // Every connection listens before its first use (the pool waits for it).
      onConnect: async (client: pg.ClientBase) => {
        client.on('notification', (m) => notices.emit(m.channel, m.payload ?? ''));
        await client.query(NOTICE_CHANNELS.map((c) => `listen ${c}`).join('; '));
        listeners.add(client);
      },
    });
    pool.on('error', () => undefined); // idle client errors surface on the next query instead
    pool.on('remove', (client) => listeners.delete(client));
    // One-statement tenant requests run on connections kept bound to an organisation
    // (db/fast/tenant-pg.ts); nothing else takes these, so no other statement sees the binding.
    const bound = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
    });
    bound.on('error', () => undefined);
    // The tenant path takes its connections itself, inside req.tenant(): past the guard below.
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    guardPool(pool);
    const db = drizzlePg(pool, { schema });
    return {
      kind: 'postgres',
      db,
      async query(text, params) {
        const r = await pool.query(text, params as unknown[]);
        return r.rows;
      },
      async prepared(name, text, params) {
        const r = await pool.query({ name, text, values: params });
        return r.rows;
      },
      beginTenant: (organizationId, prelude) =>
        beginTenantPg({ connect, bound }, db, organizationId, prelude),
      notices,
      listening: () => listeners.size > 0,
      close: async () => {
        await Promise.all([pool.end(), bound.end()]);
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.resolve(opts.dataDir);
    mkdirSync(path.dirname(dir), { recursive: true }); // PGlite does not create the parent
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  guardPglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const notices = new EventEmitter();
  for (const channel of NOTICE_CHANNELS) await client.listen(channel, (p) => notices.emit(channel, p));
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      const r = await client.query(text, params as unknown[]);
      return r.rows as never[];
    },
    async prepared(_name, text, params) {
      const r = await client.query(text, params);
      return r.rows as never[];
    },
    notices,
    listening: () => true,
    close: () => client.close(),
  };
}
