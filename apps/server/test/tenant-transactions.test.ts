import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from './helpers.ts';

/*
 * On PostgreSQL a tenant route's transaction opens with the context read, before the body is
 * validated. Whatever way the request ends, the connection must go back to the pool.
 */
describe(`request transactions end with the request (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'client']);
  });
  afterAll(() => t.close());

  it('400s, 403s, 404s and successes leave no connection inside a transaction', async () => {
    const admin = await signIn(t, org.emails.admin!);
    const client = await signIn(t, org.emails.client!);
    const calls = [];
    for (let i = 0; i < 30; i++) {
      calls.push(
        t.app.inject({
          method: 'PUT',
          url: '/api/organization/current',
          headers: admin.headers,
          payload: { themeColor: 'bad' },
        }),
        t.app.inject({
          method: 'PUT',
          url: '/api/organization/current',
          headers: client.headers,
          payload: { name: 'x' },
        }),
        t.app.inject({ method: 'GET', url: '/api/organization/current', headers: admin.headers }),
        t.app.inject({ method: 'GET', url: '/api/auth/session', headers: client.headers }),
        t.app.inject({ method: 'GET', url: `/api/user/${admin.userId}`, headers: client.headers }),
      );
    }
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.filter((s) => s === 403)).toHaveLength(30);
    expect(statuses.filter((s) => s === 404)).toHaveLength(30);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    if (DB_KIND === 'postgres') {
      const open = await t.database.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open[0]!.n).toBe(0);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/organization/current',
      headers: admin.headers,
    });
    expect(after.statusCode).toBe(200);
  });
});
