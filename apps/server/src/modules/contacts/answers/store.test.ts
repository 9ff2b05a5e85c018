import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant } from '../../../../test/helpers.ts';
import { createKit, type Kit, storedAnswers } from '../contacts.test-kit.ts';
import { refreshContactAnswers } from './refresher.ts';

/*
 * Stored contact answers (contact_answers.body, migration 0020): after every kind of write the
 * stored answer of each contact is either fresh and equal to one built afresh by
 * contact_answer_bodies(), or stale (and then every reader builds it); renames make an
 * organisation's answers stale at once, and the refresher stores them again.
 */
describe(`stored contact answers (${DB_KIND})`, () => {
  let k: Kit;
  let ids: Record<string, string>;

  beforeAll(async () => {
    // Without the background refresher: each test says when answers are refreshed.
    k = await createKit(await createTestApp(undefined, { IMPORT_WORKER: '0' }));
    const add = async (url: string, body: object) => {
      const res = await k.admin.call('POST', url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data._id as string;
    };
    const category = await add('/api/rank-category/add', { name: 'Karate' });
    ids = {
      vip: await add('/api/tag/add', { name: 'VIP', color: '#ff0000' }),
      kids: await add('/api/tag/add', { name: 'Kids' }),
      stage: await add('/api/stage/add', { name: 'Trial' }),
      other: await add('/api/stage/add', { name: 'Won' }),
      source: await add('/api/lead-source/add', { name: 'Walk-in' }),
      type: await add('/api/contact-type/add', { name: 'Athlete', type: 'athlete' }),
      category,
      rank: await add('/api/client-ranks/add', {
        categoryId: category,
        name: 'White',
        image: 'https://img.test/w.png',
      }),
    };
  });
  afterAll(() => k.t.close());

  const stored = () => storedAnswers(k, k.org.id);
  const allFresh = async () => {
    const s = await stored();
    expect(s.wrong).toEqual([]);
    expect(s.stale).toBe(0);
  };
  const epochOf = async (orgId: string) => ({
    epoch: await k.scalar('select contact_answer_epoch($1) as n', [orgId]),
    refreshed: await k.scalar(
      'select coalesce((select refreshed from contact_answer_epochs where organization_id = $1), 0) as n',
      [orgId],
    ),
  });
  const byId = async (id: string) => (await k.admin.call('GET', `/api/contact/getById/${id}`)).body;

  it('every write through the API leaves each stored answer fresh and equal to a built one', async () => {
    await allFresh();
    const created = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Stored "Quoted" \\ Person 😀',
      email: 'stored@answers.test',
      contactTypeId: ids.type,
      stageId: ids.stage,
      leadSourceId: ids.source,
      rankId: ids.rank,
      tags: [ids.vip!, ids.kids!],
      billingAddress: { city: 'Lyon' },
      birthday: '1990-02-03',
      lastAttendedAt: '2025-01-02T03:04:05Z',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data._id as string;
    const second = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Second Stored' })).body.data
      ._id;
    await allFresh();

    // Its answer from the list, by id and by ids is the stored one with Last Attended in front.
    const list = (await k.admin.get('/api/contact/get', { pageSize: 100 })).body.list;
    const one = list.find((c: { _id: string }) => c._id === id);
    expect(one).toEqual(await byId(id));
    expect(one.tags.map((t: { name: string }) => t.name)).toEqual(['Kids', 'VIP']);
    expect(one.currentRank).toMatchObject({ rankName: 'White', categoryName: 'Karate' });
    expect(one.lastAttendedAt).toBe('2025-01-02T03:04:05.000Z');

    const steps: [string, () => Promise<{ status: number }>][] = [
      [
        'update',
        () =>
          k.admin.call('PUT', `/api/contact/update/${id}`, { fullName: 'Renamed Person', phone: '555 0100' }),
      ],
      ['untag', () => k.admin.call('PUT', `/api/contact/update/${id}`, { tags: [ids.kids] })],
      [
        'bulk tags',
        () =>
          k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', {
            ids: [id, second],
            tagIds: [ids.vip],
          }),
      ],
      [
        'mass move',
        () => k.admin.call('PUT', '/api/contact/mass-move', { ids: [id, second], stageId: ids.other }),
      ],
      [
        'last attended',
        () => k.admin.call('PUT', `/api/contact/update/${id}`, { lastAttendedAt: '2025-06-01T00:00:00Z' }),
      ],
      ['merge', () => k.admin.call('POST', '/api/contact/merge', { primaryId: id, duplicateIds: [second] })],
      ['tag deleted', () => k.admin.call('DELETE', `/api/tag/delete/${ids.kids}`)],
    ];
    for (const [what, step] of steps) {
      const res = await step();
      expect(res.status, what).toBe(200);
      const s = await stored();
      expect(s.wrong, what).toEqual([]);
      expect(s.stale, what).toBe(0);
    }
    const after = await byId(id);
    expect(after).toMatchObject({ fullName: 'Renamed Person', lastAttendedAt: '2025-06-01T00:00:00.000Z' });
    expect(after.stage).toEqual({ _id: ids.other, name: 'Won' });
    expect(after.tags.map((t: { name: string }) => t.name)).toEqual(['VIP']);
  });

  it('a rename of anything answers show makes the organisation’s answers stale at once; the refresher stores them', async () => {
    const shown = (
      await k.admin.call('POST', '/api/contact/add', {
        fullName: 'Shown Names',
        contactTypeId: ids.type,
        stageId: ids.stage,
        leadSourceId: ids.source,
        rankId: ids.rank,
        tags: [ids.vip],
      })
    ).body.data._id as string;
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect().
    type Answer = any;
    const renames: [string, string, object, (c: Answer) => unknown, unknown][] = [
      [
        'tag',
        `/api/tag/update/${ids.vip}`,
        { name: 'Gold', color: '#00ff00' },
        (c) => c.tags[0],
        { _id: ids.vip, name: 'Gold', color: '#00ff00' },
      ],
      [
        'type',
        `/api/contact-type/update/${ids.type}`,
        { name: 'Competitor' },
        (c) => c.contactType?.name,
        'Competitor',
      ],
      [
        'stage',
        `/api/stage/update/${ids.stage}`,
        { name: 'Trial booked' },
        (c) => c.stage?.name,
        'Trial booked',
      ],
      [
        'lead source',
        `/api/lead-source/update/${ids.source}`,
        { name: 'Street' },
        (c) => c.leadSource?.name,
        'Street',
      ],
      [
        'rank',
        `/api/client-ranks/update/${ids.rank}`,
        { name: 'White belt', image: null },
        (c) => [c.currentRank?.rankName, c.currentRank?.rankImage],
        ['White belt', null],
      ],
      [
        'category',
        `/api/rank-category/update/${ids.category}`,
        { name: 'Shotokan' },
        (c) => c.currentRank?.categoryName,
        'Shotokan',
      ],
    ];
    const otherBefore = await epochOf(k.other.id);
    for (const [what, url, body, pick, expected] of renames) {
      const before = await epochOf(k.org.id);
      const res = await k.admin.call('PUT', url, body);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
      const now = await epochOf(k.org.id);
      expect(now.epoch, what).toBe(before.epoch + 1);
      expect((await stored()).fresh, what).toBe(0);
      // Every reader builds the stale answers: by id, the list and the export show the new name.
      expect(pick(await byId(shown)), what).toEqual(expected);
      const listedRes = await k.admin.get('/api/contact/get', { pageSize: 100 });
      expect(listedRes.status, JSON.stringify(listedRes.body)).toBe(200);
      const listed = listedRes.body.list;
      expect(pick(listed.find((c: { _id: string }) => c._id === shown)), what).toEqual(expected);
      expect((await refreshContactAnswers(k.t.database.db)).written).toBeGreaterThan(0);
      await allFresh();
      const done = await epochOf(k.org.id);
      expect(done.refreshed, what).toBe(done.epoch);
      expect(pick(await byId(shown)), what).toEqual(expected);
    }
    // Another organisation's answers never moved.
    expect(await epochOf(k.other.id)).toEqual(otherBefore);

    // What answers do not show moves nothing: stage order, a new tag, an unchanged name.
    const before = await epochOf(k.org.id);
    expect((await k.admin.call('PUT', '/api/stage/reorder', { ids: [ids.other, ids.stage] })).status).toBe(
      200,
    );
    expect((await k.admin.call('POST', '/api/tag/add', { name: 'Unused' })).status).toBe(200);
    expect(
      (await k.admin.call('PUT', `/api/stage/update/${ids.stage}`, { name: 'Trial booked' })).status,
    ).toBe(200);
    expect(await epochOf(k.org.id)).toEqual(before);
    await allFresh();
  });

  it('over 2,000 contacts in one statement are marked stale, read right, and stored by the refresher', async () => {
    const insert = `insert into contacts (organization_id, id, full_name, email)
      select $1, gen_random_uuid(), 'Bulk ' || g, 'bulk' || g || '@answers.test' from generate_series(1, 2001) g`;
    await k.t.database.query(insert, [k.org.id]);
    expect((await stored()).stale).toBe(2001);
    const { epoch, refreshed } = await epochOf(k.org.id);
    expect(refreshed).toBeLessThan(epoch);
    const page = (await k.admin.get('/api/contact/get', { pageSize: 50 })).body.list;
    expect(page).toHaveLength(50);
    expect(page[0].fullName).toMatch(/^Bulk \d+$/);
    expect(page[0]).toEqual(await byId(page[0]._id));

    expect((await refreshContactAnswers(k.t.database.db)).written).toBe(2001);
    await allFresh();
    await k.t.database.query(
      `update contacts set plan = 'Gold' where organization_id = $1 and email like 'bulk%'`,
      [k.org.id],
    );
    expect((await stored()).stale).toBe(2001);
    expect((await k.admin.get('/api/contact/get', { pageSize: 1 })).body.list[0].plan).toBe('Gold');
    await refreshContactAnswers(k.t.database.db);
    await allFresh();
  });

  it('answers without a stored body (as after migration 0020) are built by readers until stored', async () => {
    await k.t.database.query(
      'update contact_answers set body = null, epoch = -1 where organization_id = $1',
      [k.org.id],
    );
    await k.t.database.query(
      `insert into contact_answer_epochs (organization_id, epoch, refreshed) values ($1, 0, -1)
       on conflict (organization_id) do update set refreshed = -1`,
      [k.org.id],
    );
    const all = async () => (await k.admin.get('/api/contact/get', { pageSize: 500 })).body.list;
    const built = await all();
    expect(built).toHaveLength(500);
    const csv = await k.t.app.inject({
      method: 'GET',
      url: '/api/contact/export',
      headers: k.admin.session.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter((l) => l.includes('@answers.test'))).toHaveLength(2002);
    await refreshContactAnswers(k.t.database.db);
    await allFresh();
    expect(await all()).toEqual(built);
    const again = await k.t.app.inject({
      method: 'GET',
      url: '/api/contact/export',
      headers: k.admin.session.headers,
    });
    expect(again.body).toBe(csv.body);
  });

  it('an organisation with thousands of tagged contacts can still be deleted', async () => {
    const gone = await seedTenant(k.t, ['admin'], 'Going');
    await k.t.database.query(
      `with t as (insert into tags (organization_id, id, name) values ($1, gen_random_uuid(), 'Everyone') returning id),
       c as (insert into contacts (organization_id, id, full_name)
             select $1, gen_random_uuid(), 'Leaving ' || g from generate_series(1, 2500) g returning id)
       insert into contact_tags (organization_id, contact_id, tag_id) select $1, c.id, t.id from c, t`,
      [gone.id],
    );
    await k.t.database.query('delete from organizations where id = $1', [gone.id]);
    expect(
      await k.scalar('select count(*)::int as n from contact_answers where organization_id = $1', [gone.id]),
    ).toBe(0);
    expect(
      await k.scalar('select count(*)::int as n from contact_answer_epochs where organization_id = $1', [
        gone.id,
      ]),
    ).toBe(0);
  });
});
