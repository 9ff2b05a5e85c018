import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm run new:module` (scripts/new-module.mjs) run on a copy of just the files it reads and
// edits: what it creates, the lines it adds, and what it refuses. Whether a generated module then
// passes its own tests, Biome and the type check is tried by hand (docs/adding-a-module.md).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/new-module.mjs');
const WIRING = [
  'apps/server/src/modules.ts',
  'apps/server/src/db/schema.ts',
  'apps/web/src/app/router.tsx',
  'packages/shared/src/index.ts',
];
const PERMISSIONS = 'packages/shared/src/rules/permissions.ts';
const COPIED = [...WIRING, PERMISSIONS];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'new-module-'));
  for (const file of COPIED) cpSync(path.join(ROOT, file), path.join(dir, file));
  // A resource of its own, so that the example's name stays free whatever modules the repository gains.
  const permissions = path.join(dir, PERMISSIONS);
  const rules = readFileSync(permissions, 'utf8');
  writeFileSync(permissions, rules.replace('RESOURCES = [', "RESOURCES = [\n  'samplecards',"));
  mkdirSync(path.join(dir, 'apps/server/src/modules/devices'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Left out: set by npm (`npm test --resource`), they would make the command refuse.
const { npm_config_resource, npm_config_record, ...env } = process.env;

function generate(...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args, '--root', dir, '--no-format', '--no-migration'], {
    encoding: 'utf8',
    env,
  });
  return { status: run.status, out: run.stdout + run.stderr };
}
const text = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const wiring = () => WIRING.map(text);

/** The lines `after` has beyond `before`, checking that every line of `before` is still there, in order. */
function addedLines(before: string, after: string): string[] {
  const added: string[] = [];
  const old = before.split('\n');
  let i = 0;
  for (const line of after.split('\n')) {
    if (i < old.length && line === old[i]) i++;
    else added.push(line);
  }
  expect(i, 'every line of the file is kept').toBe(old.length);
  return added;
}

const CREATED = [
  'apps/server/src/modules/sample-cards/index.ts',
  'apps/server/src/modules/sample-cards/sample-cards.routes.ts',
  'apps/server/src/modules/sample-cards/sample-cards.service.ts',
  'apps/server/src/modules/sample-cards/sample-cards.tables.ts',
  'apps/server/src/modules/sample-cards/sample-cards.test.ts',
  'apps/server/src/modules/sample-cards/sample-cards.test-kit.ts',
  'packages/shared/src/contracts/sample-cards.ts',
  'apps/web/src/features/sample-cards/index.ts',
  'apps/web/src/features/sample-cards/sample-cards.feature.ts',
  'apps/web/src/features/sample-cards/sample-cards.api.ts',
  'apps/web/src/features/sample-cards/sample-cards-page.tsx',
  'apps/web/src/features/sample-cards/sample-cards-page.test.tsx',
  'apps/web/src/features/sample-cards/components/sample-card-form.tsx',
  'e2e/sample-cards.spec.ts',
];

describe('npm run new:module', () => {
  it('creates the server module, the contract and the web feature, and registers each once', () => {
    const before = wiring();
    const run = generate('sample-cards');
    expect(run.status, run.out).toBe(0);
    for (const file of CREATED) expect(existsSync(path.join(dir, file)), file).toBe(true);

    const [app, schema, router, shared] = wiring() as [string, string, string, string];
    expect(addedLines(before[0]!, app)).toEqual([
      "import * as sampleCards from './modules/sample-cards/index.ts';",
      '  sampleCards,',
    ]);
    expect(app).toMatch(/export const MODULES = \[[^\]]*\n {2}sampleCards,\n\];/);
    expect(addedLines(before[1]!, schema)).toEqual([
      "export * from '../modules/sample-cards/sample-cards.tables.ts';",
    ]);
    expect(addedLines(before[2]!, router)).toEqual([
      "import { sampleCardsFeature } from '../features/sample-cards';",
      '  sampleCardsFeature,',
    ]);
    expect(router).toMatch(/const FEATURES: readonly Feature\[\] = \[[^\]]*\n {2}sampleCardsFeature,\n\];/);
    expect(addedLines(before[3]!, shared)).toEqual(["export * from './contracts/sample-cards.ts';"]);

    // One tenant table on the kit's helpers, guarded by the resource the name is, with messages per record.
    const tables = text('apps/server/src/modules/sample-cards/sample-cards.tables.ts');
    expect(tables).toContain("'sample_cards'");
    expect(tables).toContain('organizationId: tenantColumn()');
    expect(tables).toContain('tenantKey(t, t.id)');
    expect(text('apps/server/src/modules/sample-cards/sample-cards.routes.ts')).toContain(
      "const RESOURCE: Resource = 'samplecards';",
    );
    expect(text('packages/shared/src/contracts/sample-cards.ts')).toContain("created: 'Sample card created'");
    expect(text('apps/web/src/features/sample-cards/sample-cards.feature.ts')).toContain(
      "path: '/sample-cards'",
    );
    expect(run.out).toContain('npm run db:generate -- --name=sample_cards');
    expect(run.out).toContain('npm run test:module sample-cards');
  });

  it('refuses a module that exists, and writes nothing', () => {
    expect(generate('sample-cards').status).toBe(0);
    const after = wiring();
    const again = generate('sample-cards');
    expect(again.status).toBe(1);
    expect(again.out).toContain('A module named "sample-cards" already exists');
    expect(wiring()).toEqual(after);

    const before = wiring();
    const devices = generate('devices', '--resource', 'kiosk');
    expect(devices.status).toBe(1);
    expect(devices.out).toContain('apps/server/src/modules/devices/');
    expect(wiring()).toEqual(before);
  });

  it('refuses a name that is not kebab-case, and writes nothing', () => {
    const before = wiring();
    for (const name of ['SampleCards', 'sample_cards', 'gift--cards', '1cards', 'cards-', 'a'.repeat(25)]) {
      const run = generate(name, '--resource', 'samplecards');
      expect(run.status, name).toBe(1);
      expect(run.out, name).toMatch(/not a module name|too long/);
    }
    expect(generate('SampleCards').out).toContain('(sample-cards)');
    expect(generate().status).toBe(2);
    expect(wiring()).toEqual(before);
    expect(existsSync(path.join(dir, 'apps/web/src/features'))).toBe(false);
  });

  it('asks for a resource when the name is not one, and takes one that exists', () => {
    const none = generate('sample-notes');
    expect(none.status).toBe(1);
    expect(none.out).toContain('--resource <resource>');
    expect(none.out).toContain('samplecards');
    expect(generate('sample-notes', '--resource', 'nope').out).toContain(
      '"nope" is not one of the plan\'s resources',
    );

    const run = generate('sample-notes', '--resource', 'staff');
    expect(run.status, run.out).toBe(0);
    expect(text('apps/server/src/modules/sample-notes/sample-notes.routes.ts')).toContain("'staff'");
    expect(
      existsSync(path.join(dir, 'apps/web/src/features/sample-notes/components/sample-note-form.tsx')),
    ).toBe(true);
  });
});
