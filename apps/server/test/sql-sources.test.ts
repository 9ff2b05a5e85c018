import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import {
  catalogDefinitions,
  compareDefinitions,
  type Definitions,
  describeDifference,
  sourceDefinitions,
} from '../src/db/sql-catalog.ts';
import { planSqlMigration } from '../src/db/sql-migration.ts';
import { findSqlSources, parseSource, type SqlSource } from '../src/db/sql-sources.ts';
import { DB_KIND, openTestDatabase } from './helpers.ts';

describe(`SQL functions and triggers match their source files (${DB_KIND})`, () => {
  let db: DatabaseHandle;
  let migrated: Definitions;
  const sources = findSqlSources();
  beforeAll(async () => {
    db = await openTestDatabase();
    migrated = await catalogDefinitions(db.db);
  });
  afterAll(() => db.close());

  it('every function and trigger of the migrated schema is defined, as it is, by exactly one source file', async () => {
    const fromSources = await sourceDefinitions(db.db, sources);
    const problems = compareDefinitions(migrated, fromSources, sources).map(describeDifference);
    expect(problems).toEqual([]);
    expect([...migrated.values()].filter((d) => d.kind === 'function').length).toBeGreaterThan(20);
    expect([...migrated.values()].filter((d) => d.kind === 'trigger').length).toBeGreaterThan(15);
  });

  /** The sources with `file` replaced by `text` (or left out when `text` is null). */
  const edited = (file: string, text: string | null, more: SqlSource[] = []): SqlSource[] => [
    ...sources.filter((s) => s.file !== file),
    ...(text === null ? [] : [parseSource(file, text)]),
    ...more,
  ];
  const statementOf = (file: string) => sources.find((s) => s.file === file)!.statements[0]!.text;

  it('names a function whose body differs from its file, and one that no file defines', async () => {
    const addFile = 'modules/contacts/lists/sql/contact-counts-add.sql';
    const changed = statementOf(addFile).replace('ON CONFLICT', '-- a new line\n  ON CONFLICT');
    const rankFile = 'modules/contacts/qualification/sql/contact-rank-history-on-update.sql';
    const next = edited(addFile, changed).filter((s) => s.file !== rankFile);
    const problems = compareDefinitions(migrated, await sourceDefinitions(db.db, next), next).map(
      describeDifference,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^function contact_counts_add\(deltas jsonb\) differs from .*contact-counts-add\.sql/,
      ),
      expect.stringMatching(/^function contact_rank_history_on_update\(\) exists .* but has no source file/),
      expect.stringMatching(/^trigger contacts_rank_history_update on contacts exists .* no source file/),
    ]);
  });

  it('npm run db:sql plans the migration from changed, new and removed files, in an order that applies', async () => {
    const rankFile = 'modules/contacts/qualification/sql/contact-rank-history-on-update.sql';
    const noop = parseSource(
      'modules/contacts/lists/sql/contact-a-noop.sql',
      `-- Does nothing.
CREATE OR REPLACE FUNCTION contact_a_noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;

CREATE OR REPLACE TRIGGER contacts_a_noop AFTER DELETE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contact_a_noop();`,
    );
    // A SQL function's body is checked when it is created: the caller waits for its callee.
    const caller = parseSource(
      'modules/contacts/lists/sql/contact-a-caller.sql',
      'CREATE OR REPLACE FUNCTION contact_a_caller(n int) RETURNS int LANGUAGE sql AS $$ SELECT contact_b_callee(n) + 1 $$;',
    );
    const callee = parseSource(
      'modules/contacts/lists/sql/contact-b-callee.sql',
      'CREATE OR REPLACE FUNCTION contact_b_callee(n int) RETURNS int LANGUAGE sql AS $$ SELECT n $$;',
    );
    const plan = await planSqlMigration(db.db, edited(rankFile, null, [caller, noop, callee]));
    expect(plan.files).toEqual([caller.file, noop.file, callee.file]);
    expect(plan.statements.map((s) => s.split('\n').filter((l) => !l.startsWith('--'))[0])).toEqual([
      'DROP TRIGGER IF EXISTS "contacts_rank_history_update" ON "contacts";',
      'DROP FUNCTION IF EXISTS contact_rank_history_on_update();',
      expect.stringMatching(/^CREATE OR REPLACE FUNCTION contact_a_noop\(\)/),
      expect.stringMatching(/^CREATE OR REPLACE FUNCTION contact_b_callee\(/),
      expect.stringMatching(/^CREATE OR REPLACE TRIGGER contacts_a_noop /),
      expect.stringMatching(/^CREATE OR REPLACE FUNCTION contact_a_caller\(/),
    ]);
    expect(plan.statements[2]).toMatch(/^-- Does nothing\./);
    // The plan was tried and rolled back: the database is as migrated.
    expect(await catalogDefinitions(db.db)).toEqual(migrated);
  });

  it('a source file holds one function, then only the triggers that execute it', () => {
    const fn =
      'CREATE OR REPLACE FUNCTION contact_a_noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;';
    const file = 'x/sql/contact-a-noop.sql';
    expect(() => parseSource('x/sql/noop.sql', fn)).toThrow(/named contact-a-noop\.sql/);
    expect(() => parseSource(file, `${fn}\n${fn.replace('a_noop', 'a_other')}`)).toThrow(
      /defines 2 functions/,
    );
    expect(() =>
      parseSource(
        file,
        `${fn}\nCREATE OR REPLACE TRIGGER t AFTER DELETE ON contacts EXECUTE FUNCTION other();`,
      ),
    ).toThrow(/trigger t belongs in the file of other/);
    expect(() =>
      parseSource(
        file,
        `${fn}\nCREATE TRIGGER t AFTER DELETE ON contacts EXECUTE FUNCTION contact_a_noop();`,
      ),
    ).toThrow(/only CREATE OR REPLACE FUNCTION/);
    // Semicolons in comments, strings and dollar quotes do not end a statement.
    const tricky = `-- a; comment\nCREATE OR REPLACE FUNCTION contact_a_noop() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN RAISE NOTICE 'a;b'; RETURN NULL; END $body$;`;
    expect(parseSource(file, tricky).statements).toHaveLength(1);
  });
});
