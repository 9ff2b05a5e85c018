// Migrates a database once per test run, so each test file starts from a copy instead of running
// every migration itself: on PGlite a dumped data directory (cached on disk, keyed by a hash of
// the migrations and of what applies them), on PostgreSQL a template database dropped at the end.
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated data directory (an uncompressed tarball) each test database loads. */
    pgliteSnapshot?: string;
    /** PostgreSQL: the migrated database each test database is created from. */
    postgresTemplate?: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/test-database');
/** How long an unused snapshot of other migrations is kept: a run started earlier may still read it. */
const STALE_MS = 60 * 60 * 1000;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
}

/** Changes whenever a migration, the code applying them, or the database engine does. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(MIGRATIONS_FOLDER)) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(MIGRATIONS_FOLDER, file)))
      .update('\0');
  }
  hash.update(readFileSync(new URL('../src/db/migrate.ts', import.meta.url)));
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteSnapshot(): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `pglite-${snapshotKey()}.tar`);
  for (const other of readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, other);
    const old =
      full !== file && Date.now() - (statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0) > STALE_MS;
    if (old) rmSync(full, { force: true });
  }
  if (statSync(file, { throwIfNoEntry: false })) {
    // Its age is its last use: the clean-up above spares a snapshot another run may be reading.
    utimesSync(file, new Date(), new Date());
    return file;
  }
  const handle = await openDatabase({});
  try {
    await runMigrations(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    // Written under a private name, then renamed: a run starting meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `t_template_${randomBytes(5).toString('hex')}`;
  const drop = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  await adminQuery(url, `create database ${name}`);
  try {
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    // Closed before any test file copies it: CREATE DATABASE ... TEMPLATE needs it unused.
    const handle = await openDatabase({ url: templateUrl.toString(), poolSize: 2 });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  return { name, drop };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgliteSnapshot', await pgliteSnapshot());
    return undefined;
  }
  const template = await postgresTemplate(url);
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
