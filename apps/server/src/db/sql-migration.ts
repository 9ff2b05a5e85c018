import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import {
  catalogDefinitions,
  causeOf,
  compareDefinitions,
  type Definition,
  type Difference,
  describeDifference,
  inRolledBackTransaction,
  sourceDefinitions,
  sourceStatements,
} from './sql-catalog.ts';
import type { SqlSource } from './sql-sources.ts';

// The migration that brings a migrated database to its source files: every file that defines a
// changed or new function or trigger, as written, and a DROP for each one no file defines any
// more. It is tried on the database before it is handed back, in a transaction that is rolled
// back, and must leave nothing different.

export interface SqlMigrationPlan {
  differences: Difference[];
  /** The migration's statements, in an order that applies. */
  statements: string[];
  /** The source files it was written from. */
  files: string[];
}

const execute = (tx: Tx, text: string) => tx.execute(sql.raw(text));

function dropStatement(d: Definition): string {
  const comment = `-- No source file defines ${d.kind} ${d.name} any more.\n`;
  return d.kind === 'trigger'
    ? `${comment}DROP TRIGGER IF EXISTS "${d.name}" ON "${d.table}";`
    : `${comment}DROP FUNCTION IF EXISTS ${d.signature};`;
}

/**
 * Runs the statements in `tx`, each in a savepoint; one that fails (a SQL function calling one
 * created later) waits for the next round. Answers the order in which they all applied.
 */
async function applyInOrder(tx: Tx, statements: string[]): Promise<string[]> {
  const applied: string[] = [];
  let queue = statements;
  while (queue.length > 0) {
    const failed: { text: string; err: unknown }[] = [];
    for (const text of queue) {
      try {
        await tx.transaction((sp) => execute(sp, text));
        applied.push(text);
      } catch (err) {
        failed.push({ text, err });
      }
    }
    if (failed.length === queue.length) {
      const first = failed[0]!;
      throw new Error(`This statement does not apply (${causeOf(first.err)}):\n${first.text}`);
    }
    queue = failed.map((f) => f.text);
  }
  return applied;
}

/** What `db` (migrated) lacks to define its functions and triggers as `sources` do. */
export async function planSqlMigration(db: Database, sources: SqlSource[]): Promise<SqlMigrationPlan> {
  const actual = await catalogDefinitions(db);
  const expected = await sourceDefinitions(db, sources);
  const differences = compareDefinitions(actual, expected, sources);
  if (differences.length === 0) return { differences, statements: [], files: [] };

  const gone = differences.filter((d) => d.problem === 'no source').map((d) => actual.get(d.key)!);
  const drops = [
    ...gone.filter((d) => d.kind === 'trigger'),
    ...gone.filter((d) => d.kind === 'function'),
  ].map(dropStatement);
  const files = [...new Set(differences.flatMap((d) => (d.file ? [d.file] : [])))].sort();
  const written = sourceStatements(sources.filter((s) => files.includes(s.file))).map((s) => s.text);

  const statements = await inRolledBackTransaction(db, async (tx) => {
    const ordered = await applyInOrder(tx, [...drops, ...written]);
    const left = compareDefinitions(await catalogDefinitions(tx), expected, sources);
    if (left.length > 0) {
      throw new Error(
        `The written migration would still leave differences:\n${left.map(describeDifference).join('\n')}`,
      );
    }
    return ordered;
  });
  return { differences, statements, files };
}

/** The migration file's text: drizzle's statement breakpoints between the statements. */
export function migrationText(plan: SqlMigrationPlan): string {
  const header = [
    '-- Written by `npm run db:sql` from the source files of the functions and triggers it changes:',
    ...plan.files.map((f) => `--   apps/server/src/${f}`),
    '-- Edit those files and run it again rather than these statements (data changes that go with',
    '-- them, such as moving the answer epochs on, may be added below).',
  ].join('\n');
  return `${header}\n${plan.statements.join('\n--> statement-breakpoint\n')}\n`;
}
