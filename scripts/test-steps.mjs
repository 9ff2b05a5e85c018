// What `npm test` and `npm run test:module` share: running one step after another, timing each,
// counting the tests in the reports vitest and Playwright write, and the closing lines.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export const databaseName = () =>
  process.env.DATABASE_URL ? `PostgreSQL at ${process.env.DATABASE_URL}` : 'embedded PGlite';

export const chromiumPath = () =>
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A folder for this run's reports, emptied first. */
export function reportDir(name) {
  const dir = path.join(root, 'node_modules/.cache', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Every browser test that failed and then passed on its retry (Playwright's "flaky"), from its
 * JSON report, as "file:line › title (project, N tries)": a test that needs a retry is named in
 * the output so it gets mended rather than passing quietly.
 */
export function retriedTests(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        const tries = test.results?.length ?? 2;
        found.push(`${spec.file}:${spec.line} › ${name} (${test.projectName}, ${tries} tries)`);
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title === child.file ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

export class Suite {
  passed = 0;
  failed = 0;
  skipped = 0;
  failures = [];
  retried = [];
  times = [];
  started = performance.now();

  /** @param {string} command how to run this again, for the hint when Chromium is missing */
  constructor(command) {
    this.command = command;
  }

  /** Runs one command as a named step; answers whether it exited 0. */
  async step(name, cmd, args, env = {}) {
    console.log(`\n=== ${name} ===`);
    const t0 = performance.now();
    const status = await run(cmd, args, env);
    const ms = performance.now() - t0;
    this.times.push([name, ms]);
    console.log(`=== ${name}: ${status === 0 ? 'done' : `exit ${status}`} in ${seconds(ms)} ===`);
    if (status !== 0) this.failures.push(name);
    return status === 0;
  }

  /** Adds a report's counts; a missing report (the runner crashed) counts as one failure. */
  count(file, kind) {
    if (!existsSync(file)) {
      this.failed += 1;
      return;
    }
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (kind === 'vitest') {
      this.passed += report.numPassedTests;
      this.failed += report.numFailedTests;
      this.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      return;
    }
    // A test that failed once and passed on its retry counts as passed, and is named here and
    // again in the closing lines.
    this.passed += report.stats.expected + (report.stats.flaky ?? 0);
    this.failed += report.stats.unexpected;
    this.skipped += report.stats.skipped;
    const retried = retriedTests(report);
    this.retried.push(...retried);
    if (retried.length) {
      console.log(`\n${retried.length} browser test(s) passed only on retry:`);
      for (const line of retried) console.log(`  RETRIED ${line}`);
    }
  }

  /** Runs vitest with a JSON report and counts it. */
  async vitest(name, args, dir) {
    const json = path.join(dir, 'vitest.json');
    await this.step(name, 'npx', [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ]);
    this.count(json, 'vitest');
  }

  /** Runs the Playwright specs (all, or those the filters name), or says why they cannot run. */
  async browser(name, filters, dir) {
    const chromium = chromiumPath();
    if (!chromium) {
      console.log(`\n=== ${name} ===`);
      console.log('SKIPPED: Chromium was not found at /usr/bin/chromium, so the browser tests did not run.');
      console.log(`Add it with: apt-get install -y chromium   (then run ${this.command} again)`);
      return;
    }
    const json = path.join(dir, 'playwright.json');
    await this.step(name, 'node', ['scripts/e2e.mjs', ...filters], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      CHROMIUM_PATH: chromium,
    });
    this.count(json, 'playwright');
  }

  /** The closing lines, the last one "N passed, N failed"; answers the exit code. */
  finish(what) {
    const times = this.times.map(([name, ms]) => `${name} ${seconds(ms)}`);
    times.push(`total ${seconds(performance.now() - this.started)}`);
    console.log(`\nTimes: ${times.join('; ')}`);
    const failing = this.failures.length ? `; failing steps: ${this.failures.join(', ')}` : '';
    console.log(`${what} on ${databaseName()}${failing}`);
    if (this.retried.length) {
      console.log(`Passed only on retry (mend these): ${this.retried.length}`);
      for (const line of this.retried) console.log(`  RETRIED ${line}`);
    }
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    console.log(`${this.passed} passed, ${this.failed} failed${skipped}`);
    return this.failures.length > 0 || this.failed > 0 ? 1 : 0;
  }
}
