#!/usr/bin/env node
// npm run new:module <name> [-- --resource <resource>] [--record <singular>] [--no-migration]
// Creates a working module from the templates in scripts/templates/: the server module (routes,
// service, one tenant table, an API test), its contract in packages/shared, and the web feature
// (a list page, its hooks and a test); registers them in modules.ts, db/schema.ts, router.tsx and the
// shared index; formats what it wrote with Biome and generates the migration. docs/adding-a-module.md
// says what each piece is for. `--root <dir>` writes into another copy of the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as contract from './templates/contract.mjs';
import * as e2e from './templates/e2e.mjs';
import { namesOf } from './templates/names.mjs';
import * as server from './templates/server.mjs';
import * as web from './templates/web.mjs';
import * as webPage from './templates/web-page.mjs';
import { Refusal, WIRING, wiringFor } from './templates/wiring.mjs';

const USAGE = `Usage: npm run new:module <name> [-- --resource <resource>] [--record <singular>] [--no-migration]
  <name>        kebab-case, up to 24 characters: gift-cards, events, shop
  --resource    the permission that guards it, one of the plan's resources (default: the name
                without dashes, when that is one: gift-cards -> giftcards)
  --record      one record's name, kebab-case (default: the name's singular: gift-cards -> gift-card)
  --no-migration  leave the migration to \`npm run db:generate -- --name=<name_in_snake_case>\`
  --no-format     do not run Biome on the written files`;

const SERVER_MODULES = 'apps/server/src/modules';
const WEB_FEATURES = 'apps/web/src/features';
const CONTRACTS = 'packages/shared/src/contracts';
const PERMISSIONS = 'packages/shared/src/rules/permissions.ts';
const MIGRATIONS = 'apps/server/src/db/migrations';
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
// Postgres cuts names at 63 characters; the longest drizzle gives this table is its foreign key,
// <table>_organization_id_organizations_id_fk.
const MAX_NAME = 24;

function options(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      resource: { type: 'string' },
      record: { type: 'string' },
      root: { type: 'string' },
      'no-migration': { type: 'boolean' },
      'no-format': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  // Options given without `--` reach here as npm's own settings: the switches work that way, but a
  // value (`--resource y`) comes apart from its name.
  const env = process.env;
  const off = (v) => v === '' || v === 'false';
  const npmTook = ['resource', 'record'].filter((o) => env[`npm_config_${o}`] !== undefined);
  return {
    help: values.help === true,
    name: positionals[0],
    extra: positionals.slice(1),
    npmTook,
    resource: values.resource,
    record: values.record,
    root: path.resolve(values.root ?? path.join(import.meta.dirname, '..')),
    migration: !values['no-migration'] && !off(env.npm_config_migration),
    format: !values['no-format'] && !off(env.npm_config_format),
  };
}

const read = (root, file) => readFileSync(path.join(root, file), 'utf8');

function filesUnder(dir, pattern, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') filesUnder(full, pattern, out);
    else if (pattern.test(entry.name)) out.push(full);
  }
  return out;
}

/** The plan's resources, as packages/shared/src/rules/permissions.ts lists them. */
function resourcesOf(root) {
  const list = /export const RESOURCES = \[([\s\S]*?)\]/.exec(read(root, PERMISSIONS));
  if (!list) throw new Refusal(`${PERMISSIONS}: the RESOURCES list was not found`);
  return [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** Everything that must hold before a file is written; answers the names the templates take. */
function check(root, opts) {
  const { name } = opts;
  if (name && opts.npmTook.length > 0) {
    const given = opts.npmTook.map((o) => `--${o} <${o}>`).join(' ');
    throw new Refusal(
      `npm kept --${opts.npmTook[0]} for itself: put the options after --, as in\n  npm run new:module ${name} -- ${given}`,
    );
  }
  if (!name || opts.extra.length > 0) throw new Refusal(USAGE);
  if (!NAME.test(name)) {
    const hint = name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    throw new Refusal(
      `"${name}" is not a module name: use kebab-case, lower-case letters and digits between dashes, starting with a letter${NAME.test(hint) ? ` (${hint})` : ''}.`,
    );
  }
  if (name.length > MAX_NAME) {
    throw new Refusal(
      `"${name}" is too long: at most ${MAX_NAME} characters (its table's key names must fit in 63).`,
    );
  }
  if (opts.record !== undefined && !NAME.test(opts.record)) {
    throw new Refusal(`--record "${opts.record}" is not kebab-case.`);
  }
  for (const dir of [`${SERVER_MODULES}/${name}`, `${WEB_FEATURES}/${name}`, `apps/web/src/${name}`]) {
    if (existsSync(path.join(root, dir)))
      throw new Refusal(`A module named "${name}" already exists: ${dir}/.`);
  }
  if (existsSync(path.join(root, `${CONTRACTS}/${name}.ts`))) {
    throw new Refusal(`A contract named "${name}" already exists: ${CONTRACTS}/${name}.ts.`);
  }

  const resources = resourcesOf(root);
  const resource =
    opts.resource ?? (resources.includes(name.replaceAll('-', '')) ? name.replaceAll('-', '') : null);
  if (!resource || !resources.includes(resource)) {
    throw new Refusal(
      `${resource ? `"${resource}" is not one of the plan's resources.` : `Which permission guards "${name}"? Its name is not one of the plan's resources.`}\n` +
        `Pass one: npm run new:module ${name} -- --resource <resource>\n` +
        `Resources: ${resources.join(', ')}\n` +
        `A new resource goes into RESOURCES in ${PERMISSIONS} first, and into the plans existing\n` +
        'organisations already hold (a migration): see docs/adding-a-module.md.',
    );
  }

  const n = { ...namesOf(name, opts.record), resource };
  const clashes = [];
  if (new RegExp(`\\b${n.camel}\\b`).test(read(root, WIRING.app)))
    clashes.push(`${n.camel} (in ${WIRING.app})`);
  if (read(root, WIRING.router).includes(`${n.camel}Feature`))
    clashes.push(`${n.camel}Feature (in ${WIRING.router})`);
  for (const file of filesUnder(path.join(root, 'apps/server/src'), /\.tables\.ts$/)) {
    const text = readFileSync(file, 'utf8');
    const where = path.relative(root, file);
    if (new RegExp(`pgTable\\(\\s*'${n.snake}'`).test(text)) clashes.push(`table ${n.snake} (in ${where})`);
    if (new RegExp(`export const ${n.camel}\\b`).test(text)) clashes.push(`${n.camel} (in ${where})`);
  }
  const exported = contract.contractExports(n);
  for (const file of filesUnder(path.join(root, 'packages/shared/src'), /\.ts$/)) {
    const text = readFileSync(file, 'utf8');
    for (const id of exported) {
      if (new RegExp(`export (const|type|interface|function|class|enum) ${id}\\b`).test(text)) {
        clashes.push(`${id} (in ${path.relative(root, file)})`);
      }
    }
  }
  if (clashes.length > 0) {
    throw new Refusal(
      `"${name}" would clash with names already taken: ${clashes.join(', ')}.\n` +
        'Pick another module name, or another record name with --record.',
    );
  }
  return n;
}

/** The new files, by path from the root. */
function filesFor(n) {
  const s = `${SERVER_MODULES}/${n.kebab}`;
  const w = `${WEB_FEATURES}/${n.kebab}`;
  return {
    [`${s}/index.ts`]: server.indexFile(n),
    [`${s}/${n.kebab}.routes.ts`]: server.routesFile(n),
    [`${s}/${n.kebab}.service.ts`]: server.serviceFile(n),
    [`${s}/${n.kebab}.tables.ts`]: server.tablesFile(n),
    [`${s}/${n.kebab}.test.ts`]: server.testFile(n),
    [`${s}/${n.kebab}.test-kit.ts`]: server.testKitFile(n),
    [`${CONTRACTS}/${n.kebab}.ts`]: contract.contractFile(n),
    [`${w}/index.ts`]: web.indexFile(n),
    [`${w}/${n.kebab}.feature.ts`]: web.featureFile(n),
    [`${w}/${n.kebab}.api.ts`]: web.apiFile(n),
    [`${w}/${n.kebab}-page.tsx`]: webPage.pageFile(n),
    [`${w}/${n.kebab}-page.test.tsx`]: webPage.pageTestFile(n),
    [`${w}/components/${n.record.kebab}-form.tsx`]: web.formFile(n),
    [`e2e/${n.kebab}.spec.ts`]: e2e.specFile(n),
  };
}

function format(root, files) {
  const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
  if (!existsSync(biome))
    return 'Biome is not installed here: run `npx biome check --write` on the files above.';
  const run = spawnSync(process.execPath, [biome, 'check', '--write', ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status === 0) return null;
  return `Biome still reports problems in the written files:\n${run.stdout}${run.stderr}`;
}

/** Tables a migration's statements name, to see whether it holds only the new table. */
const tablesIn = (text) =>
  new Set(
    [...text.matchAll(/(?:CREATE TABLE|ALTER TABLE|DROP TABLE|ON) (?:"public"\.)?"([^"]+)"/g)].map(
      (m) => m[1],
    ),
  );

function migrate(root, n) {
  const dir = path.join(root, MIGRATIONS);
  const before = new Set(readdirSync(dir));
  const args = ['run', '--silent', 'db:generate', '--', `--name=${n.snake}`];
  console.log(`\n$ npm ${args.join(' ')}`);
  const run = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  const made = readdirSync(dir).filter((f) => !before.has(f) && f.endsWith('.sql'));
  if (run.status !== 0 || made.length !== 1) {
    return { problem: `The migration was not generated. Run: npm run db:generate -- --name=${n.snake}` };
  }
  const file = `${MIGRATIONS}/${made[0]}`;
  const others = [...tablesIn(read(root, file))].filter((t) => t !== n.snake);
  const problem =
    others.length > 0
      ? `${file} also changes ${others.join(', ')}: the schema had changes without a migration before. Review it before committing.`
      : null;
  return { file, problem };
}

function main() {
  let opts;
  try {
    opts = options(process.argv.slice(2));
  } catch (err) {
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const { root } = opts;
  let n;
  let wiring;
  const files = {};
  try {
    n = check(root, opts);
    Object.assign(files, filesFor(n));
    wiring = wiringFor((file) => read(root, file), n);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    console.error(err.message);
    return opts.name ? 1 : 2;
  }

  for (const [file, text] of Object.entries({ ...files, ...wiring })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const notes = [];
  if (opts.format) {
    const problem = format(root, [...Object.keys(files), ...Object.keys(wiring)]);
    if (problem) notes.push(problem);
  }
  let migration = null;
  if (opts.migration) {
    migration = migrate(root, n);
    if (migration.problem) notes.push(migration.problem);
  }

  console.log(`\nModule ${n.kebab} (permission: ${n.resource}; one record: ${n.record.kebab}). Created:`);
  for (const file of Object.keys(files)) console.log(`  ${file}`);
  console.log('Registered in:');
  console.log(`  ${WIRING.app} (MODULES, last: it may use every module before it)`);
  console.log(`  ${WIRING.schema} (its tables)`);
  console.log(`  ${WIRING.router} (FEATURES)`);
  console.log(`  ${WIRING.shared} (its contract)`);
  if (migration?.file)
    console.log(`Migration: ${migration.file} (review it, then commit it with the module)`);
  for (const note of notes) console.log(`\n${note}`);
  console.log('\nNext:');
  if (!opts.migration) console.log(`  npm run db:generate -- --name=${n.snake}`);
  console.log(`  npm run test:module ${n.kebab} -- --no-e2e`);
  console.log(`  npx biome check . && npm run typecheck`);
  console.log(
    `  then shape the example into the module: the columns in ${n.kebab}.tables.ts, the schemas in the\n` +
      '  contract, the comment in index.ts, the sidebar entry. The rules: docs/adding-a-module.md.',
  );
  return notes.length > 0 ? 1 : 0;
}

process.exitCode = main();
