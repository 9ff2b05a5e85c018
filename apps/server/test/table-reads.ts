import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Data edges of the module graph. A module that names another module's table in its SQL (`from`,
// `join`, `update`, `into`) depends on that module as surely as one that imports it, so such a read
// is an edge of the graph: an upward read then shows as a cycle. A trigger a module puts on another
// module's table is never allowed: the owner offers a hook instead.

export interface DataEdge {
  from: string;
  to: string;
  table: string;
  file: string;
}

export interface ForeignTrigger {
  trigger: string;
  module: string;
  table: string;
  owner: string;
}

const TABLE = /pgTable\(\s*'([a-z0-9_]+)'/g;
const SQL_NAME = /\b(?:from|join|update|into)\s+"?([a-z][a-z0-9_]*)"?/gi;
const TRIGGER =
  /create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+(\w+)[^;]*?\bon\s+"?([a-z_][a-z0-9_]*)"?/gis;

/** Comments say "read from bookings" in prose; only code counts. */
const withoutComments = (text: string, sqlFile: boolean) =>
  sqlFile
    ? text.replace(/--[^\n]*/g, '')
    : text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');

function moduleFiles(modulesDir: string) {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const files = new Map<string, string[]>();
  const owner = new Map<string, string>();
  for (const m of modules) {
    const list = readdirSync(path.join(modulesDir, m), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|sql)$/.test(f) && !/\.test\.ts$|test-kit\.ts$/.test(f))
      .map((f) => path.join(modulesDir, m, f));
    files.set(m, list);
    for (const file of list.filter((f) => f.endsWith('.tables.ts'))) {
      for (const [, table] of readFileSync(file, 'utf8').matchAll(TABLE)) owner.set(table!, m);
    }
  }
  return { modules, files, owner };
}

/** Every table of another module that a module's code names in SQL. */
export function dataEdges(modulesDir: string): DataEdge[] {
  const { modules, files, owner } = moduleFiles(modulesDir);
  const found: DataEdge[] = [];
  for (const m of modules) {
    for (const file of files.get(m)!) {
      if (file.endsWith('.tables.ts')) continue;
      const text = withoutComments(readFileSync(file, 'utf8'), file.endsWith('.sql'));
      for (const match of text.matchAll(SQL_NAME)) {
        const table = match[1]!.toLowerCase();
        const to = owner.get(table);
        if (to && to !== m) found.push({ from: m, to, table, file: path.relative(modulesDir, file) });
      }
    }
  }
  return found;
}

/** Every trigger a module's SQL sources put on a table another module owns. */
export function foreignTriggers(modulesDir: string): ForeignTrigger[] {
  const { modules, files, owner } = moduleFiles(modulesDir);
  const found: ForeignTrigger[] = [];
  for (const m of modules) {
    for (const file of files.get(m)!.filter((f) => f.endsWith('.sql'))) {
      const text = withoutComments(readFileSync(file, 'utf8'), true);
      for (const [, trigger, table] of text.matchAll(TRIGGER)) {
        const o = owner.get(table!.toLowerCase());
        if (o && o !== m) found.push({ trigger: trigger!, module: m, table: table!, owner: o });
      }
    }
  }
  return found;
}
