import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DatabaseHandle } from './client.ts';

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

interface Journal {
  entries: { idx: number; tag: string }[];
}

let journal: Journal | undefined;

export function migrationJournal(): Journal {
  journal ??= JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  return journal;
}

/** Key of the session lock that lets one process at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_204_318_661;

/**
 * Applies committed migrations from code on both databases (drizzle-kit migrate fails silently on
 * PGlite when a migration needs an extension), then re-applies row-level security so that tables
 * added by any migration are covered. Tools that try a migration before it is committed pass the
 * folder of their copy. On PostgreSQL, processes starting together on one database (two servers,
 * a server and a bench) take turns under an advisory lock: without it their policy rewrites
 * deadlocked.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  if (handle.kind === 'postgres') {
    const pool = (handle.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client), { migrationsFolder });
      await client.query('select app_apply_tenant_security()');
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return;
  }
  await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  await handle.query('select app_apply_tenant_security()');
}

export async function migrationLevel(
  handle: DatabaseHandle,
): Promise<{ applied: number; latest: string | null; expected: number }> {
  const journal = migrationJournal();
  const rows = await handle.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  const applied = rows[0]?.n ?? 0;
  const latest = journal.entries[applied - 1]?.tag ?? null;
  return { applied, latest, expected: journal.entries.length };
}
