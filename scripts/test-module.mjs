#!/usr/bin/env node
// npm run test:module <name> [-- --no-e2e]: one module's tests. Its server unit and API tests
// (apps/server/src/modules/<name>/), its web tests (apps/web/src/features/<name>/, and
// apps/web/src/kiosk/ for kiosk), the shared rules tests whose file name starts with the name, then
// its browser specs (e2e/<name>.spec.ts, e2e/<name>-*.spec.ts) when Chromium is installed.
// On PGlite by default, on PostgreSQL with DATABASE_URL, as `npm test`.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { databaseName, reportDir, root, Suite } from './test-steps.mjs';

const args = process.argv.slice(2);
// `npm run test:module x --no-e2e` (without `--`) reaches here as npm's own setting e2e=false.
const noE2e =
  args.includes('--no-e2e') || process.env.npm_config_e2e === '' || process.env.npm_config_e2e === 'false';
const name = args.find((a) => !a.startsWith('-'));

const SERVER_MODULES = 'apps/server/src/modules';
const WEB_FEATURES = 'apps/web/src/features';
const dirsIn = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const known = [...new Set([...dirsIn(SERVER_MODULES), ...dirsIn(WEB_FEATURES), 'kiosk'])].sort();

if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) {
  console.log('Usage: npm run test:module <name> [-- --no-e2e]');
  console.log(`Modules: ${known.join(', ')}`);
  process.exit(2);
}

const testFile = /\.test\.tsx?$/;
function testsUnder(dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => testFile.test(f))
    .map((f) => path.join(dir, f));
}

const server = testsUnder(`${SERVER_MODULES}/${name}`);
const web = [
  ...testsUnder(`${WEB_FEATURES}/${name}`),
  ...(name === 'kiosk' ? testsUnder('apps/web/src/kiosk') : []),
];
const ownName = new RegExp(`^${name}[.-]`);
const shared = testsUnder('packages/shared/src').filter((f) => ownName.test(path.basename(f)));
const specs = existsSync(path.join(root, 'e2e'))
  ? readdirSync(path.join(root, 'e2e'))
      .filter((f) => f.endsWith('.spec.ts') && ownName.test(f))
      .map((f) => `e2e/${f}`)
  : [];
const files = [...server, ...web, ...shared];

if (files.length === 0 && specs.length === 0) {
  console.log(`No tests found for a module named "${name}".`);
  console.log(`Modules: ${known.join(', ')}`);
  process.exit(2);
}

console.log(
  `Module ${name} on ${databaseName()}: ${server.length} server, ${web.length} web and ${shared.length} ` +
    `shared test files; browser specs: ${specs.length ? specs.join(', ') : 'none'}${noE2e && specs.length ? ' (left out: --no-e2e)' : ''}`,
);

const out = reportDir('test-module-results');
const suite = new Suite(`npm run test:module ${name}`);
if (files.length > 0) await suite.vitest(`Unit and API tests of ${name}`, files, out);
if (specs.length > 0 && !noE2e) await suite.browser(`Browser tests of ${name}`, specs, out);
process.exit(suite.finish(`Module ${name}`));
