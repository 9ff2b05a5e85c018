// npm run db:sql [-- <name>]: compares the committed migrations with the SQL source files (each
// module's sql/ folder) and, given a name, writes the migration that brings the schema to them
// (a drizzle-kit custom migration, so drizzle-kit's snapshots stay in step), then checks that
// the migrations with it define every function and trigger as the files do.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';
import { describeDifference } from './sql-catalog.ts';
import { migrationText, planSqlMigration } from './sql-migration.ts';
import { findSqlSources } from './sql-sources.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
// drizzle.config.ts writes to DRIZZLE_OUT when it is set (relative to the repository).
const folder = process.env.DRIZZLE_OUT ? path.resolve(ROOT, process.env.DRIZZLE_OUT) : MIGRATIONS_FOLDER;

async function plan() {
  const sources = findSqlSources();
  const handle = await openDatabase({});
  try {
    await runMigrations(handle, folder);
    return await planSqlMigration(handle.db, sources);
  } finally {
    await handle.close();
  }
}

function newestMigration(): string {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return path.join(folder, `${journal.entries.at(-1)!.tag}.sql`);
}

async function main(): Promise<number> {
  const name = process.argv[2];
  if (name !== undefined && !/^[a-z0-9_]+$/.test(name)) {
    console.error(`A migration name is lower-case words joined by _, not "${name}".`);
    return 2;
  }
  const first = await plan();
  if (first.statements.length === 0) {
    console.log('The migrations define every SQL function and trigger as its source file does.');
    return 0;
  }
  console.log(first.differences.map(describeDifference).join('\n'));
  if (!name) {
    console.log('\nnpm run db:sql -- <name> writes them as a migration.');
    return 1;
  }
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'),
      'generate',
      '--custom',
      `--name=${name}`,
      '--config',
      'apps/server/drizzle.config.ts',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const file = newestMigration();
  writeFileSync(file, migrationText(first));
  const again = await plan();
  if (again.statements.length > 0) {
    console.error(`${path.relative(ROOT, file)} leaves differences:`);
    console.error(again.differences.map(describeDifference).join('\n'));
    return 1;
  }
  console.log(
    `\nWrote ${path.relative(ROOT, file)} from ${first.files.join(', ')}; the migrations now match.`,
  );
  return 0;
}

process.exitCode = await main();
