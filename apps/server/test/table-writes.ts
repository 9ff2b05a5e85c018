import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Which module writes which tables. A table belongs to the module whose `*.tables.ts` declares it
// (`pgTable('name', ...)`); a module may read another's tables (joins, foreign keys) but writes
// only its own: raw SQL (`insert into`, `update ... set`, `delete from`, in TypeScript and in its
// `sql/*.sql` sources) and Drizzle calls (`.insert(t)`, `.update(t)`, `.delete(t)`) on a table
// imported from another module. Writes to another module's rows go through that module's
// exported functions or its lifecycle hooks.

export interface TableWrite {
  file: string;
  table: string;
  owner: string;
}

const TABLE = /pgTable\(\s*'([a-z0-9_]+)'/g;
const SQL_WRITE =
  /\b(?:insert\s+into|delete\s+from)\s+"?([a-z][a-z0-9_]*)"?|\bupdate\s+"?([a-z][a-z0-9_]*)"?\s+(?:as\s+)?(?:[a-z]\w*\s+)?set\b/gi;
const IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(\.\.\/[^']*\.tables\.ts)'/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|sql)$/.test(f) && !/\.test\.ts$|test-kit\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

/** Every write a module makes to a table another module declares. */
export function foreignTableWrites(modulesDir: string): TableWrite[] {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const owner = new Map<string, string>();
  const files = new Map<string, string[]>();
  for (const m of modules) {
    files.set(m, sourcesUnder(path.join(modulesDir, m)));
    for (const file of files.get(m)!.filter((f) => f.endsWith('.tables.ts'))) {
      for (const [, table] of readFileSync(file, 'utf8').matchAll(TABLE)) owner.set(table!, m);
    }
  }
  const found: TableWrite[] = [];
  for (const m of modules) {
    for (const file of files.get(m)!) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(modulesDir, file);
      for (const match of text.matchAll(SQL_WRITE)) {
        const table = (match[1] ?? match[2])!.toLowerCase();
        const o = owner.get(table);
        if (o && o !== m) found.push({ file: rel, table, owner: o });
      }
      for (const [, names, from] of text.matchAll(IMPORT)) {
        const target = path.resolve(path.dirname(file), from!);
        const o = path.relative(modulesDir, target).split(path.sep)[0]!;
        if (o === m) continue;
        for (const name of names!.split(',').map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)
              .pop()!,
        )) {
          if (name && new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\s*\\)`).test(text)) {
            found.push({ file: rel, table: name, owner: o });
          }
        }
      }
    }
  }
  return found;
}
