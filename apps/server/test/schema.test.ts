import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { DB_KIND, openTestDatabase } from './helpers.ts';

/** Tables that are global by design (sign-in identities and their secrets). */
const GLOBAL_TABLES = new Set(['users', 'refresh_tokens', 'password_reset_codes', 'access_revocations']);
/** The tenant root: its id is the organisation id. */
const ROOT = 'organizations';

describe(`schema rules (${DB_KIND})`, () => {
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('every tenant table has organization_id in its primary key and in every tenant foreign key', async () => {
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const keys = await db.query<{
      table_name: string;
      constraint_type: string;
      name: string;
      columns: string[];
      ref_table: string | null;
    }>(
      `select c.conrelid::regclass::text as table_name, c.contype as constraint_type, c.conname as name,
              array(select a.attname::text from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k) as columns,
              case when c.contype = 'f' then c.confrelid::regclass::text end as ref_table
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname = 'public' and c.contype in ('p', 'f')`,
    );
    const problems: string[] = [];
    for (const { table_name: t } of tables) {
      if (GLOBAL_TABLES.has(t) || t === ROOT) continue;
      const pk = keys.find((k) => k.table_name === t && k.constraint_type === 'p');
      if (!pk?.columns.includes('organization_id')) problems.push(`${t}: primary key lacks organization_id`);
      for (const fk of keys.filter((k) => k.table_name === t && k.constraint_type === 'f')) {
        if (fk.ref_table && GLOBAL_TABLES.has(fk.ref_table)) continue;
        if (!fk.columns.includes('organization_id'))
          problems.push(`${t}: foreign key ${fk.name} lacks organization_id`);
      }
    }
    expect(problems).toEqual([]);
    expect(tables.length).toBeGreaterThan(5);
  });

  it('every tenant table forces row-level security with the tenant policy', async () => {
    const rows = await db.query<{ relname: string; rls: boolean; forced: boolean; policies: number }>(
      `select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const missing = rows
      .filter((r) => !GLOBAL_TABLES.has(r.relname))
      .filter((r) => !r.rls || !r.forced || r.policies !== 1)
      .map((r) => r.relname);
    expect(missing).toEqual([]);
  });
});
