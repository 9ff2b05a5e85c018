#!/usr/bin/env node
// Builds the web app and runs the Playwright specs against a fresh server: PGlite in a new temp
// directory, or (with DATABASE_URL) a new database on that PostgreSQL server, dropped afterwards.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const build = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'opsuite-e2e-'));
const env = { ...process.env, E2E_DATA_DIR: dataDir };
let dbName;
if (process.env.DATABASE_URL) {
  dbName = `e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${dbName}`;
  env.E2E_DATABASE_URL = url.toString();
}
let status = 1;
try {
  const r = spawnSync(
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  status = r.status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
process.exit(status);
