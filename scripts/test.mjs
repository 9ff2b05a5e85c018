#!/usr/bin/env node
// The whole suite in one command: lint, type check, unit + API tests (vitest), and browser tests
// (Playwright in Debian's Chromium). Ends with one plain line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'node_modules/.cache/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const db = process.env.DATABASE_URL ? `PostgreSQL at ${process.env.DATABASE_URL}` : 'embedded PGlite';
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function count(file, kind) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else {
    // A test that failed once and passed on its retry counts as passed, and is named here.
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    if (report.stats.flaky)
      console.log(`\n${report.stats.flaky} browser test(s) passed only on retry (see above).`);
  }
  return true;
}

// TEST_DB_ONLY=1 (set by .ci/run for its second run, on PostgreSQL) leaves out what does not touch
// a database and so gives the same answer on every run: lint, type check, and the shared and web
// unit tests. The API and browser tests run in full.
const dbOnly = process.env.TEST_DB_ONLY === '1';
if (dbOnly) {
  console.log(
    '\nTEST_DB_ONLY=1: lint, type check and the shared and web unit tests are left to the other run.',
  );
} else {
  const lintOk = step('Lint (Biome)', 'npx', ['biome', 'check', '.']);
  if (!lintOk) failed += 1;
  const typesOk = step('Type check', 'npm', ['run', '--silent', 'typecheck']);
  if (!typesOk) failed += 1;
}

const vitestJson = path.join(out, 'vitest.json');
step(`${dbOnly ? 'API tests' : 'Unit and API tests'} (${db})`, 'npx', [
  'vitest',
  'run',
  ...(dbOnly ? ['--project', 'server'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (!count(vitestJson, 'vitest')) failed += 1;

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (chromium) {
  const e2eJson = path.join(out, 'playwright.json');
  step('Browser tests (Playwright, headless Chromium)', 'node', ['scripts/e2e.mjs'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    CHROMIUM_PATH: chromium,
  });
  if (!count(e2eJson, 'playwright')) failed += 1;
} else {
  console.log('\n=== Browser tests ===');
  console.log('SKIPPED: Chromium was not found at /usr/bin/chromium, so the browser tests did not run.');
  console.log('Add it with: apt-get install -y chromium   (then run npm test again)');
}

console.log(`\nSuite on ${db}${failures.length ? `; failing steps: ${failures.join(', ')}` : ''}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
