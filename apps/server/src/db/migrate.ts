import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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

/**
 * Applies committed migrations from code on both databases (drizzle-kit migrate fails silently on
 * PGlite when a migration needs an extension), then re-applies row-level security so that tables
 * added by any migration are covered. Tools that try a migration before it is committed pass the
 * folder of their copy.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  if (handle.kind === 'postgres') {
    await migratePg(handle.db, { migrationsFolder });
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  }
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
