import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant.ts';
import { newId } from '../src/lib/ids.ts';
import { contacts } from '../src/modules/contacts/contacts.tables.ts';
import { createTestApp, DB_KIND, seedTenant, type TestApp } from './helpers.ts';

/** The database's own message (drizzle wraps it in `cause`). */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  return 'no error';
}

/*
 * Row-level security is the second wall behind the services' own filters: these queries have
 * no tenant filter at all, and the database alone must keep organisations apart.
 */
describe(`tenant isolation by row-level security (${DB_KIND})`, () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedTenant>>;
  let b: Awaited<ReturnType<typeof seedTenant>>;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedTenant(t, ['admin', 'client'], 'Alpha');
    b = await seedTenant(t, ['admin', 'employee', 'client'], 'Beta');
  });
  afterAll(() => t.close());

  it('an unfiltered select sees only the bound organisation', async () => {
    const rows = await withTenant(t.database.db, a.id, (tx) => tx.select().from(contacts));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.organizationId === a.id)).toBe(true);
    const rowsB = await withTenant(t.database.db, b.id, (tx) => tx.select().from(contacts));
    expect(rowsB.length).toBe(3);
  });

  it('every tenant table is filtered, including organizations and memberships', async () => {
    const counts = await withTenant(t.database.db, a.id, async (tx) => {
      const r = await tx.execute(sql`select
        (select count(*)::int from organizations) as orgs,
        (select count(*)::int from memberships) as members,
        (select count(*)::int from role_assignments) as roles,
        (select count(*)::int from contact_types where organization_id <> ${a.id}) as foreign_types,
        (select count(*)::int from audit_log where organization_id <> ${a.id}) as foreign_audit`);
      return r.rows[0] as Record<string, number>;
    });
    expect(counts).toEqual({ orgs: 1, members: 2, roles: 2, foreign_types: 0, foreign_audit: 0 });
  });

  it('cannot insert a row into another organisation', async () => {
    const attempt = withTenant(t.database.db, a.id, (tx) =>
      tx.insert(contacts).values({ organizationId: b.id, id: newId(), fullName: 'Intruder' }),
    );
    expect(await failure(attempt)).toMatch(/row-level security/i);
    const still = await withTenant(t.database.db, b.id, (tx) => tx.select().from(contacts));
    expect(still.some((c) => c.fullName === 'Intruder')).toBe(false);
  });

  it('cannot move a row into another organisation or touch foreign rows', async () => {
    const moved = withTenant(t.database.db, a.id, (tx) =>
      tx.execute(sql`update contacts set organization_id = ${b.id} where organization_id = ${a.id}`),
    );
    expect(await failure(moved)).toMatch(/row-level security/i);
    const deleted = await withTenant(t.database.db, a.id, (tx) =>
      tx.execute(sql`delete from contacts where organization_id = ${b.id} returning id`),
    );
    expect(deleted.rows.length).toBe(0);
    const countB = await withTenant(t.database.db, b.id, (tx) => tx.select().from(contacts));
    expect(countB.length).toBe(3);
  });

  it('runs as the non-superuser role and sees nothing without a bound organisation', async () => {
    const who = await withTenant(t.database.db, a.id, (tx) => tx.execute(sql`select current_user as u`));
    expect((who.rows[0] as { u: string }).u).toBe('app_user');
    const none = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'app_user', true)`);
      return tx.execute(sql`select count(*)::int as n from contacts`);
    });
    expect((none.rows[0] as { n: number }).n).toBe(0);
  });

  it('cannot read secrets of global tables from a tenant transaction', async () => {
    const attempt = withTenant(t.database.db, a.id, (tx) => tx.execute(sql`select * from refresh_tokens`));
    expect(await failure(attempt)).toMatch(/permission denied/i);
  });
});
