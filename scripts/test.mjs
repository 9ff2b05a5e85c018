#!/usr/bin/env node
// The whole suite in one command: lint, type check, unit + API tests (vitest), and browser tests
// (Playwright in Debian's Chromium). Prints each step's time, and ends with one plain line:
// "N passed, N failed".
import { databaseName, reportDir, Suite } from './test-steps.mjs';

const out = reportDir('test-results');
const suite = new Suite('npm test');

// TEST_DB_ONLY=1 (set by .ci/run for its second run, on PostgreSQL) leaves out what does not touch
// a database and so gives the same answer on every run: lint, type check, and the shared and web
// unit tests. The API and browser tests run in full.
const dbOnly = process.env.TEST_DB_ONLY === '1';
if (dbOnly) {
  console.log(
    '\nTEST_DB_ONLY=1: lint, type check and the shared and web unit tests are left to the other run.',
  );
} else {
  if (!(await suite.step('Lint (Biome)', 'npx', ['biome', 'check', '.']))) suite.failed += 1;
  if (!(await suite.step('Type check', 'npm', ['run', '--silent', 'typecheck']))) suite.failed += 1;
}

await suite.vitest(
  `${dbOnly ? 'API tests' : 'Unit and API tests'} (${databaseName()})`,
  dbOnly ? ['--project', 'server', '--project', 'server-isolated'] : [],
  out,
);
// E2E_PROJECT=desktop|phone runs one of the two viewports (.ci/run gives each database one).
const viewport = process.env.E2E_PROJECT;
await suite.browser(
  `Browser tests (Playwright, headless Chromium${viewport ? `, ${viewport}` : ''})`,
  viewport ? ['--project', viewport] : [],
  out,
);

process.exit(suite.finish('Suite'));
