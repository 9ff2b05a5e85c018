import { readdirSync, readFileSync } from 'node:fs';

// The module table of docs/architecture.md (`| module | owns | depends on |`): each server module
// once, with the modules it depends on named in its last column (imports and tables it reads).

/** Module name -> the modules its "depends on" cell names, sorted; every server module must have a row. */
export function documentedDependencies(docFile: string, modulesDir: string): Record<string, string[]> {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const rows: Record<string, string[]> = {};
  for (const line of readFileSync(docFile, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([a-z-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name || !modules.includes(name) || cells.length < 5) continue;
    const words = new Set(cells[cells.length - 2]!.match(/[a-z-]+/g) ?? []);
    rows[name] = modules.filter((m) => m !== name && words.has(m));
  }
  for (const m of modules) rows[m] ??= ['(no row in the module table)'];
  return rows;
}
