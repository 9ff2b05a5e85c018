import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { withTenant } from '../../../db/tenant.ts';
import { createKit, type Kit, type TagCounts, tagCountsAgree } from '../contacts.test-kit.ts';
import { finished } from '../import/import.test-kit.ts';
import { FILTERED_TOTAL_CAP } from '../lists/search.service.ts';

/*
 * tag_counts (migration 0016) against a fresh count after every kind of write that moves a tag's
 * members: tags added and removed, contacts created with tags, state changes, soft and hard
 * deletes, merges, a tag deleted. Each check also proves every tag row's `counted` copy equals its
 * contact's state, the invariant the cascade delete relies on. Races: tag-counts-race.test.ts.
 */
describe(`tag counts kept by triggers (${DB_KIND})`, () => {
  let k: Kit;
  let tagA: string;
  let tagB: string;
  let tagC: string;

  beforeAll(async () => {
    k = await createKit();
    const tag = async (name: string) =>
      (await k.admin.call('POST', '/api/tag/add', { name })).body.data._id as string;
    tagA = await tag('A');
    tagB = await tag('B');
    tagC = await tag('C');
  });
  afterAll(() => k.t.close());

  /** Every tag's kept counts, after checking they equal a fresh count (see tagCountsAgree). */
  async function agree(orgId = k.org.id) {
    const { kept, counted, stale } = await tagCountsAgree(k, orgId);
    expect(kept).toEqual(counted);
    expect(stale).toBe(0);
    return Object.fromEntries(kept.map((r) => [r.id, r])) as Record<string, TagCounts>;
  }
  const at = (tally: Record<string, TagCounts>, tagId: string): TagCounts => {
    const counts = tally[tagId];
    if (!counts) throw new Error(`no tag ${tagId}`);
    return counts;
  };

  const add = async (body: Record<string, unknown>) =>
    (await k.admin.call('POST', '/api/contact/add', body)).body.data._id as string;
  const update = (id: string, body: Record<string, unknown>) =>
    k.admin.call('PUT', `/api/contact/update/${id}`, body);
  const total = async (q: Record<string, string>) =>
    (await k.admin.get('/api/contact/get-filtered-total', q)).body;

  it('tags added and removed through the API', async () => {
    const one = await add({ fullName: 'Tag One', tags: [tagA, tagB] });
    const two = await add({ fullName: 'Tag Two', tags: [tagA], isFormer: true });
    expect(at(await agree(), tagA)).toMatchObject({ active: 1, former: 1, total: 2 });
    await update(one, { tags: [tagB, tagC] });
    expect(at(await agree(), tagA)).toMatchObject({ active: 0, total: 1 });
    await update(two, { tags: [] });
    expect(at(await agree(), tagA).total).toBe(0);
    const res = await k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', {
      ids: [one, two],
      tagIds: [tagA, tagC],
    });
    expect(res.status).toBe(200);
    expect(at(await agree(), tagC)).toMatchObject({ active: 1, former: 1, total: 2 });
    expect(await total({ tags: tagC, status: 'former' })).toEqual({ total: 1, capped: false });
  });

  it('contacts created with tags: add, addBulk and an import', async () => {
    await add({ fullName: 'Inactive Tagged', status: 'inactive', tags: [tagB] });
    const bulk = await k.admin.call('POST', '/api/contact/addBulk', {
      rows: [
        { fullName: 'Bulk Tag 1', tags: ['A', 'Bulk new'] },
        { fullName: 'Bulk Tag 2', tags: ['a'], isFormer: true },
      ],
    });
    expect(bulk.body.created).toBe(2);
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [
        { fullName: 'Imported 1', tags: 'B; Imported' },
        { fullName: 'Imported 2', tags: ['B'], status: 'inactive' },
        { fullName: 'Imported 3', tags: ['Imported'], isFormer: true },
      ],
    });
    expect((await finished(k.admin, post.body.jobId)).body.created).toBe(3);
    const counts = await agree();
    const imported = (await k.admin.call('GET', '/api/tag/get')).body.list.find(
      (t: { name: string }) => t.name === 'Imported',
    )._id;
    expect(at(counts, imported)).toMatchObject({ active: 1, former: 1, total: 2 });
    expect(await total({ tags: imported })).toEqual({ total: 2, capped: false });
  });

  it('status, former and soft delete move the counts of every tag of the contact', async () => {
    const id = await add({ fullName: 'Mover', tags: [tagA, tagB] });
    const before = await agree();
    await update(id, { status: 'inactive' });
    let now = await agree();
    expect(at(now, tagA).active).toBe(at(before, tagA).active - 1);
    expect(at(now, tagA).total).toBe(at(before, tagA).total);
    await update(id, { isFormer: true });
    now = await agree();
    expect(at(now, tagB).former).toBe(at(before, tagB).former + 1);
    await update(id, { status: 'active', isFormer: false, lastAttendedAt: new Date().toISOString() });
    expect(await agree()).toEqual(before);
    await k.admin.call('DELETE', '/api/contact/delete', { ids: [id], source: 'test' });
    now = await agree();
    expect(at(now, tagA).total).toBe(at(before, tagA).total - 1);
  });

  it('a hard delete subtracts by cascade what each tag row carried', async () => {
    const ids = [
      await add({ fullName: 'Gone active', tags: [tagA, tagC] }),
      await add({ fullName: 'Gone former', tags: [tagA], isFormer: true }),
      await add({ fullName: 'Gone inactive', tags: [tagC], status: 'inactive' }),
      await add({ fullName: 'Gone deleted', tags: [tagA] }),
    ];
    await k.admin.call('DELETE', '/api/contact/delete', { ids: [ids[3]], source: 'test' });
    const before = await agree();
    await k.t.database.query('delete from contacts where id = any($1::uuid[])', [ids]);
    const after = await agree();
    expect(at(after, tagA)).toEqual({
      ...at(before, tagA),
      active: at(before, tagA).active - 1,
      former: at(before, tagA).former - 1,
      total: at(before, tagA).total - 2,
    });
    expect(at(after, tagC).total).toBe(at(before, tagC).total - 2);
  });

  it('a merge moves the duplicates’ tags to the kept contact once', async () => {
    const kept = await add({ fullName: 'Kept', tags: [tagA] });
    const dup = await add({ fullName: 'Dup', tags: [tagA, tagB], isFormer: true });
    const before = await agree();
    const res = await k.admin.call('POST', '/api/contact/merge', { primaryId: kept, duplicateIds: [dup] });
    expect(res.status).toBe(200);
    const after = await agree();
    expect(at(after, tagA)).toMatchObject({
      total: at(before, tagA).total - 1,
      former: at(before, tagA).former - 1,
    });
    expect(at(after, tagB)).toMatchObject({
      total: at(before, tagB).total,
      active: at(before, tagB).active + 1,
    });
  });

  it('one statement that moves several contacts, and tag rows written before their contact', async () => {
    await withTenant(k.t.database.db, k.org.id, async (tx) => {
      // Several states at once, with rows whose state does not move in the same statement.
      await tx.execute(sql`update contacts set is_former = not is_former,
          status = case when full_name like '%1' then 'inactive' else status end, updated_at = now()
        where organization_id = ${k.org.id} and (full_name like 'Bulk Tag%' or full_name like 'Imported%')`);
      // The tag rows' insert runs first and the contacts' (a CTE the query does not read) after
      // it, so the row trigger cannot see the contacts yet: the insert trigger corrects them.
      await tx.execute(sql`with r as (
          select gen_random_uuid() as id, g from generate_series(1, 6) g
        ), saved as (
          insert into contacts (organization_id, id, full_name, is_former, status)
          select ${k.org.id}, id, 'Late ' || g, g % 3 = 0, case when g % 2 = 0 then 'inactive' else 'active' end from r
        )
        insert into contact_tags (organization_id, contact_id, tag_id)
        select ${k.org.id}, id, ${tagB}::uuid from r`);
    });
    expect(at(await agree(), tagB).total).toBeGreaterThan(6);
  });

  it('deleting a tag removes its counts and leaves the others', async () => {
    const doomed = (await k.admin.call('POST', '/api/tag/add', { name: 'Doomed' })).body.data._id;
    await add({ fullName: 'Doomed member', tags: [doomed, tagC] });
    const before = await agree();
    expect(at(before, doomed).total).toBe(1);
    expect((await k.admin.call('DELETE', `/api/tag/delete/${doomed}`)).status).toBe(200);
    expect(await k.scalar('select count(*)::int as n from tag_counts where tag_id = $1', [doomed])).toBe(0);
    const after = await agree();
    expect(at(after, tagC)).toEqual(at(before, tagC));
  });

  it('get-filtered-total answers exact totals past the cap for one tag, and the cap otherwise', async () => {
    const many = (await k.admin.call('POST', '/api/tag/add', { name: 'Many' })).body.data._id;
    await withTenant(k.t.database.db, k.org.id, async (tx) => {
      await tx.execute(sql`insert into contacts (organization_id, id, full_name, is_former, status, plan)
        select ${k.org.id}, gen_random_uuid(), 'Many ' || g, g % 10 = 0, case when g % 7 = 0 then 'inactive' else 'active' end, 'Many'
        from generate_series(1, ${FILTERED_TOTAL_CAP + 5}) g`);
      await tx.execute(sql`insert into contact_tags (organization_id, contact_id, tag_id)
        select organization_id, id, ${many} from contacts where organization_id = ${k.org.id} and plan = 'Many'`);
      await tx.execute(sql`insert into contact_tags (organization_id, contact_id, tag_id)
        select organization_id, id, ${tagA} from contacts where organization_id = ${k.org.id} and plan = 'Many'`);
    });
    const counts = at(await agree(), many);
    expect(counts.total).toBe(FILTERED_TOTAL_CAP + 5);
    expect(await total({ tags: many })).toEqual({ total: FILTERED_TOTAL_CAP + 5, capped: false });
    expect(await total({ tags: `${many},${many}` })).toEqual({
      total: FILTERED_TOTAL_CAP + 5,
      capped: false,
    });
    expect(await total({ tags: many, status: 'active' })).toEqual({ total: counts.active, capped: false });
    expect(await total({ tags: many, status: 'former' })).toEqual({ total: counts.former, capped: false });
    expect(counts.active + counts.former).toBeLessThan(counts.total);
    // Any other filter next to the tag still counts rows, up to the cap.
    const capped = { total: FILTERED_TOTAL_CAP, capped: true };
    expect(await total({ tags: `${many},${tagA}` })).toEqual(capped);
    expect(await total({ tags: many, plan: 'Many' })).toEqual(capped);
    expect(await total({ tags: many, paymentStatus: 'none' })).toEqual(capped);
    expect(await total({ tags: many, plan: 'Many', status: 'former' })).toEqual({
      total: counts.former,
      capped: false,
    });
    // An employee sees only the contacts they own, so their total is counted, not kept.
    await k.employee.call('POST', '/api/contact/add', { fullName: 'Owned', tags: [many] });
    expect((await k.employee.get('/api/contact/get-filtered-total', { tags: many })).body).toEqual({
      total: 1,
      capped: false,
    });
    expect((await total({ tags: many })).total).toBe(FILTERED_TOTAL_CAP + 6);
  });

  it('another organisation sees nothing of these counts', async () => {
    const queries: Record<string, string>[] = [
      { tags: tagA },
      { tags: tagA, status: 'active' },
      { tags: tagA, status: 'former' },
    ];
    for (const q of queries) {
      expect((await k.intruder.get('/api/contact/get-filtered-total', q)).body).toEqual({
        total: 0,
        capped: false,
      });
    }
    const seen = await withTenant(
      k.t.database.db,
      k.other.id,
      async (tx) => (await tx.execute(sql`select count(*)::int as n from tag_counts`)).rows,
    );
    expect(seen).toEqual([{ n: 0 }]);
    // Their own tag is counted for them alone.
    const theirs = (await k.intruder.call('POST', '/api/tag/add', { name: 'Theirs' })).body.data._id;
    await k.intruder.call('POST', '/api/contact/add', { fullName: 'Their member', tags: [theirs] });
    expect((await k.intruder.get('/api/contact/get-filtered-total', { tags: theirs })).body.total).toBe(1);
    expect((await total({ tags: theirs })).total).toBe(0);
    await agree(k.other.id);
  });
});
