import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, openTestDatabase } from '../../../../test/helpers.ts';
import type { Database, DatabaseHandle } from '../../../db/client.ts';
import { beginTenantPg } from '../../../db/fast/tenant-pg.ts';
import * as schema from '../../../db/schema.ts';
import { withTenant } from '../../../db/tenant.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';
import { FILTERED_TOTAL_CAP } from './search.service.ts';

/** The pool's own connect, past the guard the handle puts on it while a request holds its transaction. */
const poolConnect = (client: unknown) =>
  pg.Pool.prototype.connect.bind(client as pg.Pool) as () => Promise<pg.PoolClient>;

/*
 * No N+1: every list answer is built with a fixed number of statements whatever its size. The
 * app runs on a drizzle handle with a logger over the same database client, so every statement a
 * request sends through drizzle is counted (the context read and BEGIN are sent outside it).
 */
describe(`contacts query counts and bounded totals (${DB_KIND})`, () => {
  let k: Kit;
  const statements: string[] = [];
  // Only the measured request's statements count, not a background job's (imports, billing sweep).
  const measured = new AsyncLocalStorage<true>();
  const measure = <T>(work: () => Promise<T>) => measured.run(true, work);
  let tagIds: string[] = [];

  beforeAll(async () => {
    const base = await openTestDatabase();
    const logger = {
      logQuery: (query: string) => {
        if (measured.getStore()) statements.push(query);
      },
    };
    const client = (base.db as unknown as { $client: never }).$client;
    const db = (base.kind === 'postgres'
      ? drizzlePg(client, { schema, logger })
      : drizzlePglite(client, { schema, logger })) as unknown as Database;
    // On PostgreSQL the request's transaction is opened by the auth hook through beginTenant.
    const beginTenant: DatabaseHandle['beginTenant'] = base.beginTenant
      ? (orgId, prelude) => beginTenantPg({ connect: poolConnect(client) }, db, orgId, prelude)
      : undefined;
    // Without background jobs: the stale answers counted below stay stale until read.
    k = await createKit(await createTestApp({ ...base, db, beginTenant }, { IMPORT_WORKER: '0' }));
    for (const name of ['One', 'Two', 'Three']) {
      tagIds.push((await k.admin.call('POST', '/api/tag/add', { name })).body.data._id);
    }
    const cat = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Belts' })).body.data._id;
    const rank = (await k.admin.call('POST', '/api/client-ranks/add', { categoryId: cat, name: 'Red' })).body
      .data._id;
    const stage = (await k.admin.call('POST', '/api/stage/add', { name: 'Lead' })).body.data._id;
    // 300 contacts with a type, rank, stage, e-mail, phone and three tags each.
    await withTenant(k.t.database.db, k.org.id, async (tx) => {
      await tx.execute(sql`
        insert into contacts (organization_id, id, full_name, email, phone, contact_type_id, rank_id, stage_id, plan)
        select ${k.org.id}, gen_random_uuid(), 'Person ' || g, 'p' || (g % 150) || '@load.test',
               '+1 555 ' || lpad(g::text, 7, '0'), ${k.org.contactTypeIds.client}, ${rank}, ${stage}, 'Load'
        from generate_series(1, 300) g`);
      await tx.execute(sql`
        insert into contact_tags (organization_id, contact_id, tag_id)
        select c.organization_id, c.id, t from contacts c cross join unnest(${sql.param(tagIds)}::uuid[]) t
        where c.organization_id = ${k.org.id} and c.plan = 'Load'`);
    });
    tagIds = tagIds.slice(0, 2);
  });
  afterAll(() => k.t.close());

  async function statementsFor(url: string): Promise<number> {
    statements.length = 0;
    const res = await measure(() => k.admin.call('GET', url));
    expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    return statements.length;
  }

  it('the list takes the same statements for 10 rows as for 200', async () => {
    const small = await statementsFor('/api/contact/get?pageSize=10');
    const large = await statementsFor('/api/contact/get?pageSize=200');
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(3);
    const filtered = `tags=${tagIds.join(',')}&plan=Load&search=person&ratingType=1`;
    expect(await statementsFor(`/api/contact/get?pageSize=200&${filtered}`)).toBe(
      await statementsFor(`/api/contact/get?pageSize=10&${filtered}`),
    );
    const res = await k.admin.get('/api/contact/get', { pageSize: 200 });
    expect(res.body.list).toHaveLength(200);
    expect(res.body.list[0].tags).toHaveLength(3);
    expect(res.body.list[0].currentRank.rankName).toBe('Red');

    // Stale stored answers (a renamed tag) are built in one more statement, however many (in a
    // transaction of its own: on PGlite its binding is counted too).
    expect((await k.admin.call('PUT', `/api/tag/update/${tagIds[0]}`, { name: 'Renamed' })).status).toBe(200);
    const stale = await statementsFor('/api/contact/get?pageSize=200');
    expect(stale).toBeGreaterThan(small);
    expect(stale).toBeLessThanOrEqual(small + 2);
    expect(await statementsFor('/api/contact/get?pageSize=10')).toBe(stale);
    const renamed = (await k.admin.get('/api/contact/get', { pageSize: 1 })).body.list[0];
    expect(renamed.tags.map((t: { name: string }) => t.name)).toContain('Renamed');
  });

  it('searches, multi-by-id and duplicates do not grow with their size either', async () => {
    expect(await statementsFor('/api/contact/search-name?q=person&pageSize=100')).toBe(
      await statementsFor('/api/contact/search-name?q=person&pageSize=5'),
    );
    const ids = (await k.admin.get('/api/contact/get', { pageSize: 200 })).body.list.map(
      (c: { _id: string }) => c._id,
    );
    expect(await statementsFor(`/api/contact/get-multi-by-id?ids=${ids.join(',')}`)).toBe(
      await statementsFor(`/api/contact/get-multi-by-id?ids=${ids.slice(0, 3).join(',')}`),
    );
    expect(await statementsFor('/api/contact/duplicate?by=email&pageSize=100')).toBe(
      await statementsFor('/api/contact/duplicate?by=email&pageSize=2'),
    );
    const dup = await k.admin.get('/api/contact/duplicate', { by: 'email', pageSize: 100 });
    expect(dup.body.list).toHaveLength(100);
    expect(dup.body.list[0].contacts).toHaveLength(2);
  });

  it('the filtered total stops counting at the cap and says so', async () => {
    await withTenant(k.t.database.db, k.org.id, (tx) =>
      tx.execute(sql`
        insert into contacts (organization_id, id, full_name, plan)
        select ${k.org.id}, gen_random_uuid(), 'Bulk ' || g, 'Capped'
        from generate_series(1, ${FILTERED_TOTAL_CAP + 5}) g`),
    );
    const capped = await k.admin.get('/api/contact/get-filtered-total', { plan: 'Capped' });
    expect(capped.body).toEqual({ total: FILTERED_TOTAL_CAP, capped: true });
    const exact = await k.admin.get('/api/contact/get-filtered-total', { plan: 'Load' });
    expect(exact.body).toEqual({ total: 300, capped: false });
    // The unfiltered total is the kept count: exact, never capped.
    const all = await k.admin.call('GET', '/api/contact/get-filtered-total');
    expect(all.body).toEqual({ total: FILTERED_TOTAL_CAP + 5 + 300 + 3, capped: false });
    expect((await k.admin.call('GET', '/api/contact/get-total')).body.total).toBe(all.body.total);
  });

  it('search conditions are index conditions under row-level security, not filters after it', async () => {
    // Merges the trigram indexes' pending lists (as autovacuum would) so their costs are real.
    await k.t.database.query('vacuum analyze contacts');
    // Only bitmap scans are left, so a condition shows as an index condition only if it may be one.
    const plan = (condition: ReturnType<typeof sql>) =>
      withTenant(k.t.database.db, k.org.id, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const r = await tx.execute(
          sql`explain select c.id from contacts c where c.deleted_at is null and ${condition}`,
        );
        return (r.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
      });
    expect(await plan(sql`lower(c.full_name) like '%erso%'`)).toMatch(/Cond: .*lower\(full_name\) ~~/);
    expect(await plan(sql`lower(c.email) like '%load%'`)).toMatch(/Cond: .*lower\(email\) ~~/);
    expect(await plan(sql`c.phone_digits like '%5550%'`)).toMatch(/Cond: .*phone_digits ~~/);
    expect(await plan(sql`lower(c.email) = 'p1@load.test'`)).toMatch(/Cond: .*lower\(email\) = /);
  });
});
