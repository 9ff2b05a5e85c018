// Reads the import graph of a source tree and checks the module rules of docs/architecture.md:
// another module is reached only through its public face (index.ts, plus *.tables.ts for foreign
// keys), the kit never imports a module, and no two modules depend on each other, directly or
// round a longer loop. Pure file reading: no code is run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface TreeRules {
  /** Folder whose sub-folders are the modules (server: src/modules; web: src/features). */
  modulesDir: string;
  /** Further folders that are modules of their own (the web's kiosk). */
  extraModules?: string[];
  /** Folders of the kit: they may import no module at all. */
  kitDirs: string[];
  /** Kit files allowed to import a module's public face (the schema list, the router). */
  kitExceptions?: string[];
  /** May another module import this file of a module? */
  isPublicFace(fileInModule: string): boolean;
}

export interface Violation {
  from: string;
  to: string;
  rule: string;
}

const SOURCE = /\.(ts|tsx)$/;
const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

export const isTestFile = (file: string) =>
  /\.(test|spec)\.tsx?$/.test(file) ||
  /\.test-kit\.tsx?$/.test(file) ||
  /(^|\/)test-[a-z-]+\.tsx?$/.test(file);

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

/** The relative imports of one file, resolved to files (extensionless web imports included). */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec?.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const candidates = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ];
    const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    if (hit) found.push(hit);
  }
  return found;
}

/** The module a file belongs to, or null for the kit and the rest of the tree. */
function moduleOf(root: string, rules: TreeRules, file: string): string | null {
  for (const extra of rules.extraModules ?? []) {
    const dir = path.join(root, extra);
    if (file.startsWith(`${dir}/`)) return extra;
  }
  const dir = path.join(root, rules.modulesDir);
  if (!file.startsWith(`${dir}/`)) return null;
  const first = file.slice(dir.length + 1).split('/')[0]!;
  return first.includes('.') ? null : first;
}

export interface GraphReport {
  violations: Violation[];
  cycles: string[][];
  edges: Map<string, Set<string>>;
  files: number;
}

export function checkTree(root: string, rules: TreeRules): GraphReport {
  const files = walk(root);
  const violations: Violation[] = [];
  const edges = new Map<string, Set<string>>();
  const rel = (f: string) => path.relative(root, f);
  for (const file of files) {
    const from = moduleOf(root, rules, file);
    const test = isTestFile(file);
    const inKit = rules.kitDirs.some((d) => file.startsWith(`${path.join(root, d)}/`));
    const kitException = (rules.kitExceptions ?? []).some((e) => rel(file) === e);
    for (const target of importsOf(file)) {
      const to = moduleOf(root, rules, target);
      if (to === null || to === from) continue;
      const inTo = target.slice(
        path.join(root, (rules.extraModules ?? []).includes(to) ? to : path.join(rules.modulesDir, to))
          .length + 1,
      );
      const publicFace = rules.isPublicFace(inTo) || (test && isTestFile(target));
      if (inKit && !kitException) {
        violations.push({ from: rel(file), to: rel(target), rule: 'the kit imports no module' });
        continue;
      }
      if (!publicFace) {
        violations.push({ from: rel(file), to: rel(target), rule: `reaches into ${to}'s internals` });
      }
      if (from !== null && !test) {
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
      }
    }
  }
  return { violations, cycles: findCycles(edges), edges, files: files.length };
}

/** Every elementary loop's smallest representative, found by a depth-first walk per module. */
export function findCycles(edges: Map<string, Set<string>>): string[][] {
  const seen = new Set<string>();
  const cycles: string[][] = [];
  const nodes = [...edges.keys()].sort();
  for (const start of nodes) {
    const stack: string[] = [start];
    const visit = (node: string) => {
      for (const next of [...(edges.get(node) ?? [])].sort()) {
        if (next === start) {
          const key = [...stack].sort().join('>');
          if (!seen.has(key)) {
            seen.add(key);
            cycles.push([...stack, start]);
          }
        } else if (!stack.includes(next) && next > start) {
          stack.push(next);
          visit(next);
          stack.pop();
        }
      }
    };
    visit(start);
  }
  return cycles;
}

export const SERVER_RULES: TreeRules = {
  modulesDir: 'modules',
  kitDirs: ['lib', 'db', 'plugins'],
  kitExceptions: ['db/schema.ts'],
  isPublicFace: (f) => f === 'index.ts' || f.endsWith('.tables.ts'),
};

export const WEB_RULES: TreeRules = {
  modulesDir: 'features',
  extraModules: ['kiosk'],
  kitDirs: ['components'],
  isPublicFace: (f) => f === 'index.ts' || f === 'index.tsx',
};
