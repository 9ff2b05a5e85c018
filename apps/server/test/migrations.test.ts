import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.ts';

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
