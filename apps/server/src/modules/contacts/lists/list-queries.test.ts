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
import { finished } from '../import/import.test-kit.ts';
import { FILTERED_TOTAL_CAP, phoneGrams } from './search.service.ts';

/** The pool's own connect, past the guard the handle puts on it while a request holds its transaction. */
const poolConnect = (client: unknown) =>
  pg.Pool.prototype.connect.bind(client as pg.Pool) as () => Promise<pg.PoolClient>;

/*
 * No N+1 in the lists added with imports, shifts and payment cards, the contact page's records
 * (notes, activity, files, family), the settings lists and the statistics: each answer takes the
 * same statements for a short page (or few rows) as for a long one (counted as in
 * queries.test.ts).
 */
describe(`import, shift and card lists; phone and tag-count plans (${DB_KIND})`, () => {
  let k: Kit;
  const statements: string[] = [];
  // Only the measured request's statements count, not a background job's (imports, billing sweep).
  const measured = new AsyncLocalStorage<true>();
  const measure = <T>(work: () => Promise<T>) => measured.run(true, work);

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
    const beginTenant: DatabaseHandle['beginTenant'] = base.beginTenant
      ? (orgId, prelude) => beginTenantPg({ connect: poolConnect(client) }, db, orgId, prelude)
      : undefined;
    k = await createKit(await createTestApp({ ...base, db, beginTenant }));
  });
  afterAll(() => k.t.close());

  async function statementsFor(url: string): Promise<number> {
    statements.length = 0;
    const res = await measure(() => k.admin.call('GET', url));
    expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    return statements.length;
  }

  it('the import report pages its refused rows in a fixed number of statements', async () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      i % 2 ? { fullName: `Q ${i}` } : { email: `bad${i}` },
    );
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', { rows });
    await finished(k.admin, post.body.jobId);
    const url = `/api/contact/import-status/${post.body.jobId}`;
    const small = await statementsFor(`${url}?pageSize=5`);
    expect(await statementsFor(`${url}?pageSize=500`)).toBe(small);
    expect(small).toBeLessThanOrEqual(3);
    expect((await k.admin.get(url, { pageSize: 500 })).body.errors).toHaveLength(150);
  });

  it('the week’s shifts and a contact’s cards likewise', async () => {
    const employees = [];
    for (let i = 0; i < 12; i++) {
      const c = await k.admin.call('POST', '/api/contact/add', {
        fullName: `Staff ${String(i).padStart(2, '0')}`,
        contactTypeId: k.org.contactTypeIds.employee,
      });
      employees.push(c.body.data._id);
    }
    for (const contactId of employees) {
      await k.admin.call('PUT', '/api/contact/update-shifts?startOfWeek=2025-06-01&endOfWeek=2025-06-07', {
        contactId,
        shifts: [1, 2, 3].map((d) => ({
          shiftName: `Day ${d}`,
          startDate: `2025-06-0${d + 1}T09:00:00Z`,
          endDate: `2025-06-0${d + 1}T17:00:00Z`,
        })),
      });
    }
    const week = '/api/contact/shifts?startOfWeek=2025-06-01&endOfWeek=2025-06-07';
    expect(await statementsFor(`${week}&pageSize=2`)).toBe(await statementsFor(`${week}&pageSize=50`));
    expect((await k.admin.call('GET', week)).body.list).toHaveLength(12);

    const holder = employees[0]!;
    const year = new Date().getUTCFullYear() + 2;
    await k.admin.call('POST', `/api/payment/cards/${holder}`, {
      number: '4242424242424242',
      expMonth: 1,
      expYear: year,
    });
    const one = await statementsFor(`/api/payment/cards/${holder}`);
    for (const number of ['5555555555554444', '378282246310005', '6011111111111117']) {
      await k.admin.call('POST', `/api/payment/cards/${holder}`, { number, expMonth: 2, expYear: year });
    }
    expect(await statementsFor(`/api/payment/cards/${holder}`)).toBe(one);
    expect((await k.admin.call('GET', `/api/payment/cards/${holder}`)).body.list).toHaveLength(4);
  });

  it('a phone fragment is an index condition on its 4-digit windows under row-level security', async () => {
    expect(phoneGrams('2125550101')).toEqual([2125, 1255, 2555, 5550, 5501, 5010, 101]);
    await k.admin.call('POST', '/api/contact/add', { fullName: 'Grams', phone: '+1 (212) 555-0101' });
    await withTenant(k.t.database.db, k.org.id, (tx) =>
      tx.execute(sql`insert into contacts (organization_id, id, full_name, phone)
        select ${k.org.id}, gen_random_uuid(), 'Phone ' || g, '+1 (646) ' || lpad((g * 7919 % 10000000)::text, 7, '0')
        from generate_series(1, 3000) g`),
    );
    await k.t.database.query('vacuum analyze contacts');
    const leakproof = await k.t.database.query<{ proname: string; proleakproof: boolean }>(
      `select proname, proleakproof from pg_proc where proname in ('phone_grams', 'arraycontains') order by 1`,
    );
    const pending = await k.t.database.query<{ n: number }>(
      `select count(*)::int as n from pg_class where relname like 'contacts_%' and relam = (select oid from pg_am where amname = 'gin')
         and reloptions @> array['gin_pending_list_limit=256']`,
    );
    expect(pending[0]!.n).toBe(4);
    expect(leakproof).toEqual([
      { proname: 'arraycontains', proleakproof: true },
      { proname: 'phone_grams', proleakproof: true },
    ]);
    const plan = await withTenant(k.t.database.db, k.org.id, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const r = await tx.execute(
        sql`explain select c.id from contacts c where c.deleted_at is null
            and phone_grams(c.phone_digits) @> ${sql.param(phoneGrams('2125550'))}::int[]`,
      );
      return (r.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan, plan).toMatch(/contacts_phone_grams_idx/);
    expect(plan).toMatch(/Cond: \(phone_grams\(phone_digits\) @> /);
    const found = await k.admin.get('/api/contact/search-phone', { q: '212-555-0' });
    expect(found.body.list.map((c: { fullName: string }) => c.fullName)).toEqual(['Grams']);
  });

  it('the filtered total by one tag is its kept count; with another filter it walks the tag to the cap', async () => {
    const tag = (await k.admin.call('POST', '/api/tag/add', { name: 'Counted' })).body.data._id;
    await withTenant(k.t.database.db, k.org.id, async (tx) => {
      await tx.execute(sql`insert into contacts (organization_id, id, full_name, is_former, deleted_at, plan)
        select ${k.org.id}, gen_random_uuid(), 'Tagged ' || g, g % 10 = 0, case when g % 7 = 0 then now() end, 'Walked'
        from generate_series(1, ${FILTERED_TOTAL_CAP + 200}) g`);
      await tx.execute(sql`insert into contact_tags (organization_id, contact_id, tag_id)
        select organization_id, id, ${tag} from contacts where organization_id = ${k.org.id} and full_name like 'Tagged %'`);
    });
    const ft = async (q: Record<string, string>) =>
      (await k.admin.get('/api/contact/get-filtered-total', q)).body;
    const live = await k.scalar(
      `select count(*)::int as n from contacts where full_name like 'Tagged %' and deleted_at is null`,
    );
    expect(live).toBeGreaterThan(FILTERED_TOTAL_CAP);
    expect(await ft({ tags: tag })).toEqual({ total: live, capped: false });
    expect(await ft({ tags: tag, plan: 'Walked' })).toEqual({ total: FILTERED_TOTAL_CAP, capped: true });
    const former = await k.scalar(
      `select count(*)::int as n from contacts where full_name like 'Tagged %' and is_former and deleted_at is null`,
    );
    expect(await ft({ tags: tag, status: 'former' })).toEqual({ total: former, capped: false });
    expect(await ft({ tags: tag, plan: 'Walked', status: 'former' })).toEqual({
      total: former,
      capped: false,
    });
    expect(await statementsFor(`/api/contact/get-filtered-total?tags=${tag}`)).toBeLessThanOrEqual(3);
    expect(
      await statementsFor(`/api/contact/get-filtered-total?tags=${tag}&plan=Walked`),
    ).toBeLessThanOrEqual(3);
  });

  it('bulk creation takes the same statements for 5 rows as for 400', async () => {
    const rows = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        fullName: `${tag} ${i}`,
        email: `${tag}${i}@bulk-count.test`,
        tags: ['Counted bulk'],
        leadSource: 'Fair',
        stage: 'New',
        note: 'hello',
      }));
    const count = async (body: unknown) => {
      statements.length = 0;
      const res = await measure(() => k.admin.call('POST', '/api/contact/addBulk', body));
      expect(res.status).toBe(200);
      return statements.length;
    };
    await count({ rows: rows(2, 'warm') }); // creates the tag, lead source and stage once
    expect(await count({ rows: rows(400, 'large') })).toBe(await count({ rows: rows(5, 'small') }));
  });
  it('notes, activity, files and family take the same statements however many rows they show', async () => {
    const add = async (fullName: string) =>
      (await k.admin.call('POST', '/api/contact/add', { fullName })).body.data._id as string;
    const holder = await add('Record Holder');
    for (let i = 0; i < 30; i++) {
      const res = await k.admin.call('POST', '/api/followup_note/add', {
        contactId: holder,
        note: `Note ${i}`,
      });
      expect(res.status).toBe(200);
    }
    await withTenant(k.t.database.db, k.org.id, (tx) =>
      tx.execute(sql`insert into contact_files
          (organization_id, id, contact_id, file_name, kind, mime_type, size_bytes, storage_key)
        select ${k.org.id}, gen_random_uuid(), ${holder}, 'file ' || g || '.txt', 'text', 'text/plain', 10,
               ${k.org.id} || '/missing-' || g || '.txt'
        from generate_series(1, 60) g`),
    );
    const notes = `/api/followup_note/get/${holder}`;
    expect(await statementsFor(`${notes}?limit=2`)).toBe(await statementsFor(`${notes}?limit=100`));
    expect((await k.admin.get(notes, { limit: 100 })).body.list).toHaveLength(30);
    const activity = `/api/contact-activity/${holder}`;
    expect(await statementsFor(`${activity}?limit=2`)).toBe(await statementsFor(`${activity}?limit=100`));
    expect((await k.admin.get(activity, { limit: 100 })).body.list.length).toBeGreaterThanOrEqual(31);
    const files = `/api/contact-file/${holder}`;
    expect(await statementsFor(`${files}?pageSize=2`)).toBe(await statementsFor(`${files}?pageSize=200`));
    expect((await k.admin.get(files, { pageSize: 200 })).body.list).toHaveLength(60);

    expect(await statementsFor(`${files}?pageSize=2`)).toBeGreaterThan(0);
    const family = `/api/contact/family/${holder}`;
    const link = async () => {
      const res = await k.admin.call('POST', '/api/contact/family', {
        contactId: holder,
        memberContactId: await add('Relative'),
        relation: 'sibling',
      });
      expect(res.status).toBe(200);
    };
    await link();
    const one = await statementsFor(family);
    for (let i = 0; i < 8; i++) await link();
    expect(await statementsFor(family)).toBe(one);
    expect((await k.admin.get(family)).body.list).toHaveLength(9);
  });

  it('settings lists and statistics take the same statements for few rows as for many', async () => {
    const lists = [
      '/api/tag/get',
      '/api/lead-source/get',
      '/api/stage/get',
      '/api/contact-type/get',
      '/api/contact-field/get',
      '/api/rank-category/get',
      '/api/client-ranks/get',
    ];
    const category = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Counted belts' })).body
      .data._id as string;
    const stats = [
      '/api/contact/contact-statistics',
      '/api/contact/retention-statistics',
      '/api/contact/getBirthdayStatisticsData?month=3&pageSize=500',
      '/api/contact/getProgressionStatisticsData',
      `/api/contact/getProgressionStatisticsData?categoryId=${category}`,
      `/api/rank-category/category_rank_info/${category}`,
    ];
    const all = [...lists, ...stats];
    // One request at a time: the counter is shared. The first column-settings read writes the
    // built-in fields, so every list is read once before counting.
    const countAll = async () => {
      const counts: Record<string, number> = {};
      for (const url of all) counts[url] = await statementsFor(url);
      return counts;
    };
    await countAll();
    const before = await countAll();
    expect(Object.values(before).filter((n) => n === 0)).toEqual([]);

    for (let i = 0; i < 6; i++) {
      for (const [url, body] of [
        ['/api/tag/add', { name: `Many tag ${i}` }],
        ['/api/lead-source/add', { name: `Many source ${i}` }],
        ['/api/stage/add', { name: `Many stage ${i}` }],
        ['/api/contact-type/add', { name: `Many type ${i}` }],
        ['/api/contact-field/add', { value: `Many field ${i}` }],
        ['/api/rank-category/add', { name: `Many category ${i}` }],
        ['/api/client-ranks/add', { categoryId: category, name: `Many rank ${i}` }],
      ] as const) {
        expect((await k.admin.call('POST', url, body)).status).toBe(200);
      }
    }
    const ranks = (await k.admin.get('/api/client-ranks/get')).body.list
      .filter((r: { categoryId: string }) => r.categoryId === category)
      .map((r: { _id: string }) => r._id);
    await withTenant(k.t.database.db, k.org.id, (tx) =>
      tx.execute(sql`with made as (
          insert into contacts (organization_id, id, full_name, birthday, rank_id, contact_type_id, is_former)
          select ${k.org.id}, gen_random_uuid(), 'Stats ' || g, make_date(1980 + g % 30, 3, 1 + g % 28),
                 (${sql.param(ranks)}::uuid[])[1 + g % ${ranks.length}], ${k.org.contactTypeIds.client}, g % 9 = 0
          from generate_series(1, 400) g
          returning id, (substr(full_name, 7))::int as g)
        insert into contact_answers (organization_id, contact_id, last_attended_at)
        select ${k.org.id}, id, now() - (g % 120) * interval '1 day' from made`),
    );
    expect(await countAll()).toEqual(before);
    const birthdays = await k.admin.get('/api/contact/getBirthdayStatisticsData', {
      month: 3,
      pageSize: 500,
    });
    expect(birthdays.body.list).toHaveLength(400);
    const progression = await k.admin.get('/api/contact/getProgressionStatisticsData', {
      categoryId: category,
    });
    expect(progression.body.list[0].total).toBe(400);
  });
});
