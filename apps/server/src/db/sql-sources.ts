import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every SQL function and trigger of the schema has one source file, in the module that owns it:
// `<module>/sql/<function-name>.sql` (`db/sql/` for the kit's own), named after its function in
// kebab-case and holding today's definition, then the triggers that execute it and any DO block
// that belongs to it (a privilege only a superuser may grant). Each statement is re-runnable
// (CREATE OR REPLACE), so a migration can carry a file as it is: `npm run db:sql` writes one from
// the files that changed, and sql-sources.test.ts fails when the migrated database and the files
// disagree. Migrations already applied keep their own copies; only the files are edited.

/** apps/server/src: every `sql/` folder below it holds source files. */
export const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

export type StatementKind = 'function' | 'trigger' | 'do';

export interface SqlStatement {
  kind: StatementKind;
  /** The function's or trigger's name; null for a DO block. */
  name: string | null;
  /** The table a trigger is on. */
  table?: string;
  /** The statement as written, with the comment lines before it and its semicolon. */
  text: string;
}

export interface SqlSource {
  /** Relative to apps/server/src. */
  file: string;
  /** The function the file defines. */
  name: string;
  statements: SqlStatement[];
}

/**
 * Splits SQL text into statements at top-level semicolons (not inside quotes, dollar quotes or
 * comments). Each statement keeps the comments written before it.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (ch === "'" || ch === '"') {
      const end = text.indexOf(ch, i + 1);
      i = end === -1 ? text.length : end + 1; // a doubled quote is two strings in a row
    } else if (ch === '$') {
      const tag = /^\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/.exec(text.slice(i, i + 64))?.[0];
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        i = end === -1 ? text.length : end + tag.length;
      } else i += 1;
    } else if (ch === ';') {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
      i += 1;
    } else i += 1;
  }
  const rest = text.slice(start).trim();
  if (withoutComments(rest) !== '') out.push(rest);
  return out;
}

/** The statement without the comment lines and blank lines before it. */
export function withoutComments(statement: string): string {
  return statement.replace(/^(\s*--[^\n]*(\n|$))*/, '').trim();
}

const FUNCTION_RE = /^CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(?:public\.)?"?(\w+)"?\s*\(/i;
const TRIGGER_RE = /^CREATE\s+OR\s+REPLACE\s+TRIGGER\s+"?(\w+)"?\s[\s\S]*?\bON\s+(?:public\.)?"?(\w+)"?/i;
const EXECUTES_RE = /\bEXECUTE\s+(?:FUNCTION|PROCEDURE)\s+(?:public\.)?"?(\w+)"?\s*\(/i;

/** The file name a function's source has. */
export const sourceFileName = (functionName: string) => `${functionName.replaceAll('_', '-')}.sql`;

/** Reads one source file; throws, naming the file, when it breaks the rules above. */
export function parseSource(file: string, text: string): SqlSource {
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}`);
  };
  const statements: SqlStatement[] = [];
  const executed = new Map<string, string | undefined>();
  for (const raw of splitStatements(text)) {
    const head = withoutComments(raw);
    const fn = FUNCTION_RE.exec(head);
    const trigger = TRIGGER_RE.exec(head);
    if (fn) statements.push({ kind: 'function', name: fn[1]!, text: raw });
    else if (trigger) {
      statements.push({ kind: 'trigger', name: trigger[1]!, table: trigger[2]!, text: raw });
      executed.set(trigger[1]!, EXECUTES_RE.exec(head)?.[1]);
    } else if (/^DO\s/i.test(head)) statements.push({ kind: 'do', name: null, text: raw });
    else
      fail(
        `only CREATE OR REPLACE FUNCTION, CREATE OR REPLACE TRIGGER and DO statements belong here, not: ${head.slice(0, 60)}`,
      );
  }
  const functions = statements.filter((s) => s.kind === 'function');
  if (functions.length !== 1) fail(`defines ${functions.length} functions; a source file defines one`);
  const name = functions[0]!.name!;
  if (statements[0]!.kind !== 'function') fail('the function comes first, then its triggers');
  if (path.basename(file) !== sourceFileName(name))
    fail(`the file of ${name} is named ${sourceFileName(name)}`);
  for (const [trigger, fn] of executed) {
    if (fn !== name) fail(`trigger ${trigger} belongs in the file of ${fn}`);
  }
  return { file, name, statements };
}

function sqlFolders(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'migrations') continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'sql') out.push(full);
    sqlFolders(full, out);
  }
  return out;
}

/** Every source file under `root`, in a stable order; throws when two define the same object. */
export function findSqlSources(root = SOURCE_ROOT): SqlSource[] {
  const sources: SqlSource[] = [];
  for (const dir of sqlFolders(root).sort()) {
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.sql')) continue;
      const full = path.join(dir, name);
      sources.push(parseSource(path.relative(root, full), readFileSync(full, 'utf8')));
    }
  }
  const seen = new Map<string, string>();
  for (const source of sources) {
    for (const s of source.statements) {
      if (s.kind === 'do') continue;
      const key = s.kind === 'function' ? `function ${s.name}` : `trigger ${s.name} on ${s.table}`;
      const other = seen.get(key);
      if (other) throw new Error(`${key} is defined in both ${other} and ${source.file}`);
      seen.set(key, source.file);
    }
  }
  return sources;
}
