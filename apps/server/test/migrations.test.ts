import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_FOLDER, migrationLevel, runMigrations } from '../src/db/migrate.ts';
import { REAL_DATABASE_URL } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('migrations', () => {
  it('the committed migrations match the schema (drizzle-kit generates nothing new)', () => {
    // drizzle-kit prefixes the output folder with './', so it must be relative to the repository.
    const cache = path.join(ROOT, 'node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    const out = mkdtempSync(path.join(cache, 'migration-check-'));
    try {
      cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
      const before = readdirSync(out).sort();
      const log = execFileSync(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--config',
          'apps/server/drizzle.config.ts',
        ],
        { cwd: ROOT, env: { ...process.env, DRIZZLE_OUT: path.relative(ROOT, out) }, encoding: 'utf8' },
      );
      const after = readdirSync(out).sort();
      expect(log).toMatch(/No schema changes/);
      expect(after, `schema changed without a migration; run npm run db:generate\n${log}`).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!REAL_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('three processes migrating one empty database at once take turns and all succeed', async () => {
    const name = `t_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: REAL_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(REAL_DATABASE_URL as string);
    url.pathname = `/${name}`;
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(handles.map((h) => runMigrations(h)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const level = await migrationLevel(handles[0]!);
      expect(level.applied).toBe(level.expected);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
