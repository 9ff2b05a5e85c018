import { sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from './client.ts';
import type { SqlSource } from './sql-sources.ts';

// The database's own rendering of every function and trigger (pg_get_functiondef,
// pg_get_triggerdef), read once from the migrated schema and once after the source files were
// loaded into the same database in a transaction that is rolled back. Comparing two renderings
// of the same server needs no normalising of SQL text: a body is kept as written, so any edit to
// it shows, while the layout of the statement around it does not matter.

export interface Definition {
  /** `function name(argument types)` or `trigger name on table`. */
  key: string;
  kind: 'function' | 'trigger';
  name: string;
  table: string | null;
  /** What DROP FUNCTION takes: name(argument types). */
  signature: string;
  definition: string;
}

export type Definitions = Map<string, Definition>;

// Functions an extension owns (pg_trgm's live in public too) are the extension's, not ours.
const CATALOG_SQL = `
select 'function' as kind, p.proname as name, null as "table",
       p.oid::regprocedure::text as signature,
       p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as ident,
       pg_get_functiondef(p.oid) as definition
from pg_proc p
where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
  and not exists (select 1 from pg_depend d
                  where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
union all
select 'trigger', t.tgname, c.relname, null, t.tgname || ' on ' || c.relname, pg_get_triggerdef(t.oid)
from pg_trigger t join pg_class c on c.oid = t.tgrelid
where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`;

/** Drops every function and trigger of the schema (inside a transaction that is rolled back). */
const DROP_ALL_SQL = `
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
           WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r.tgname, r.relname);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p
           WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                             AND d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('DROP FUNCTION %s CASCADE', r.signature);
  END LOOP;
END $$`;

async function run<T = Record<string, unknown>>(q: Queryable, text: string): Promise<T[]> {
  const result = await q.execute(sql.raw(text));
  return result.rows as T[];
}

/** Every function and trigger the database holds, by key. */
export async function catalogDefinitions(q: Queryable): Promise<Definitions> {
  const rows = await run<{
    kind: 'function' | 'trigger';
    name: string;
    table: string | null;
    signature: string | null;
    ident: string;
    definition: string;
  }>(q, CATALOG_SQL);
  const out: Definitions = new Map();
  for (const r of rows) {
    const key = `${r.kind} ${r.ident}`;
    out.set(key, { ...r, key, signature: r.signature ?? r.ident });
  }
  return out;
}

class Rollback extends Error {
  constructor(readonly result: unknown) {
    super('rolled back');
  }
}

/** Runs `work` in a transaction that is always rolled back, and answers what it returned. */
export async function inRolledBackTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await work(tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.result as T;
    throw err;
  }
  throw new Error('unreachable');
}

/** The statements of the sources, functions first (their bodies are checked when they run). */
export function sourceStatements(sources: SqlSource[]) {
  const all = sources.flatMap((source) => source.statements.map((s) => ({ ...s, file: source.file })));
  return [...all.filter((s) => s.kind === 'function'), ...all.filter((s) => s.kind !== 'function')];
}

/** Replaces the schema's functions and triggers by the sources' in `tx`. */
export async function loadSources(tx: Tx, sources: SqlSource[]): Promise<void> {
  await run(tx, DROP_ALL_SQL);
  // A SQL function's body is checked against the functions it calls: those may come later.
  await run(tx, 'set local check_function_bodies = off');
  for (const s of sourceStatements(sources)) {
    try {
      await run(tx, s.text);
    } catch (err) {
      throw new Error(`${s.file}: ${s.kind} ${s.name ?? ''} does not load: ${causeOf(err)}`);
    }
  }
}

/** What the sources define, as the database renders it. */
export function sourceDefinitions(db: Database, sources: SqlSource[]): Promise<Definitions> {
  return inRolledBackTransaction(db, async (tx) => {
    await loadSources(tx, sources);
    return catalogDefinitions(tx);
  });
}

/** The driver's message behind drizzle's "Failed query" wrapper. */
export function causeOf(err: unknown): string {
  const e = err as { cause?: { message?: string }; message?: string };
  return e.cause?.message ?? e.message ?? String(err);
}

export interface Difference {
  key: string;
  problem: 'no source' | 'not migrated' | 'differs';
  /** The source file that defines it (not for 'no source'). */
  file?: string;
  detail?: string;
}

/** The source file of a definition, found by its function's or trigger's name. */
export function fileOf(sources: SqlSource[], d: Definition): string | undefined {
  return sources.find((s) =>
    s.statements.some((st) => st.kind === d.kind && st.name === d.name && (st.table ?? null) === d.table),
  )?.file;
}

function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n');
  const e = expected.split('\n');
  const at = a.findIndex((line, i) => line !== e[i]);
  const line = at === -1 ? Math.min(a.length, e.length) : at;
  return `line ${line + 1}: migrated ${JSON.stringify(a[line] ?? '(end)')}, source ${JSON.stringify(e[line] ?? '(end)')}`;
}

/** Where the migrated schema and the sources disagree; empty when they agree. */
export function compareDefinitions(
  actual: Definitions,
  expected: Definitions,
  sources: SqlSource[],
): Difference[] {
  const out: Difference[] = [];
  for (const key of [...new Set([...actual.keys(), ...expected.keys()])].sort()) {
    const a = actual.get(key);
    const e = expected.get(key);
    if (a && !e) out.push({ key, problem: 'no source' });
    else if (e && !a) out.push({ key, problem: 'not migrated', file: fileOf(sources, e) });
    else if (a && e && a.definition !== e.definition)
      out.push({
        key,
        problem: 'differs',
        file: fileOf(sources, e),
        detail: firstDifference(a.definition, e.definition),
      });
  }
  return out;
}

export function describeDifference(d: Difference): string {
  switch (d.problem) {
    case 'no source':
      return `${d.key} exists in the migrated database but has no source file (add it to its module's sql/ folder, or drop it with npm run db:sql)`;
    case 'not migrated':
      return `${d.key} is defined in ${d.file} but no migration creates it (npm run db:sql -- <name> writes one)`;
    case 'differs':
      return `${d.key} differs from ${d.file} (${d.detail}); npm run db:sql -- <name> writes the migration`;
  }
}
