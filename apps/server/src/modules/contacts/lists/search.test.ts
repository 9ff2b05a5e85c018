import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';

type Listed = { _id: string; fullName: string };
const namesOf = (body: { list: Listed[] }) => body.list.map((c) => c.fullName);

describe(`contacts list, totals and picker searches (${DB_KIND})`, () => {
  let k: Kit;
  const ids: Record<string, string> = {};
  let tagA: string;
  let tagB: string;
  let source: string;
  let rank: string;
  let stage: string;

  beforeAll(async () => {
    k = await createKit();
    tagA = (await k.admin.call('POST', '/api/tag/add', { name: 'A' })).body.data._id;
    tagB = (await k.admin.call('POST', '/api/tag/add', { name: 'B' })).body.data._id;
    source = (await k.admin.call('POST', '/api/lead-source/add', { name: 'Web' })).body.data._id;
    stage = (await k.admin.call('POST', '/api/stage/add', { name: 'Trial' })).body.data._id;
    const cat = (await k.admin.call('POST', '/api/rank-category/add', { name: 'BJJ' })).body.data._id;
    rank = (await k.admin.call('POST', '/api/client-ranks/add', { categoryId: cat, name: 'Blue' })).body.data
      ._id;
    const people: [string, Record<string, unknown>][] = [
      [
        'Alice Anderson',
        { email: 'alice@shop.test', phone: '+1 (212) 555-0101', tags: [tagA], plan: 'Gold' },
      ],
      [
        'Bob Brown',
        { email: 'bob@mail.test', phone: '212.555.0202', tags: [tagA, tagB], leadSourceId: source },
      ],
      ['Carol Chávez', { email: 'carol@shop.test', isFormer: true, lastAttendedAt: '2024-05-01T00:00:00Z' }],
      ['Dan Dorsey', { paymentStatus: 'past_due', lastAttendedAt: '2025-03-01T00:00:00Z', rankId: rank }],
      ['Eve Evans', { paymentStatus: 'frozen', status: 'inactive', stageId: stage, stopSms: true }],
      ['Frank 100%_Real', { email: 'frank@x.test' }],
    ];
    for (const [fullName, extra] of people) {
      ids[fullName] = (await k.admin.call('POST', '/api/contact/add', { fullName, ...extra })).body.data._id;
    }
    ids.employeeMade = (
      await k.employee.call('POST', '/api/contact/add', {
        fullName: 'Gina By Employee',
        contactTypeId: k.org.contactTypeIds.lead,
      })
    ).body.data._id;
  });
  afterAll(() => k.t.close());

  it('lists newest first with page 0 and 100 rows by default', async () => {
    const res = await k.admin.call('GET', '/api/contact/get');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 0, pageSize: 100, hasMore: false, nextCursor: null });
    expect(namesOf(res.body).slice(0, 2)).toEqual(['Gina By Employee', 'Frank 100%_Real']);
    // The three members of the organisation are contacts too.
    expect(res.body.list).toHaveLength(10);
  });

  it('pages by number and by cursor to the same sequence, and refuses out-of-range pages', async () => {
    const all = namesOf((await k.admin.call('GET', '/api/contact/get')).body);
    const byPage: string[] = [];
    for (let page = 0; page < 5; page++) {
      const res = await k.admin.get('/api/contact/get', { page, pageSize: 3 });
      byPage.push(...namesOf(res.body));
      expect(res.body.pagination.hasMore).toBe(page < 3);
    }
    expect(byPage).toEqual(all);
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { list: Listed[]; pagination: { nextCursor: string | null } } } = await k.admin.get(
        '/api/contact/get',
        cursor ? { pageSize: 4, cursor } : { pageSize: 4 },
      );
      byCursor.push(...namesOf(res.body));
      cursor = res.body.pagination.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(all);
    const outOfRange: Record<string, string | number>[] = [
      { pageSize: 501 },
      { pageSize: 0 },
      { page: -1 },
      { page: 'x' },
      { cursor: 'bogus' },
    ];
    for (const query of outOfRange) {
      const res = await k.admin.get('/api/contact/get', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${Object.keys(query)[0]}: `));
    }
    expect((await k.admin.get('/api/contact/get', { pageSize: 500 })).status).toBe(200);
  });

  it('filters by status, payment status, tags, lead sources, plan, progressions, type and stage', async () => {
    // The organisation's members (contacts created at sign-up) have no CRM fields set.
    const members = new Set(Object.values(k.org.members).map((m) => m.contactId));
    const list = async (query: Record<string, string>) =>
      (await k.admin.get('/api/contact/get', query)).body.list
        .filter((c: Listed) => !members.has(c._id))
        .map((c: Listed) => c.fullName);
    expect(await list({ status: 'Former' })).toEqual(['Carol Chávez']);
    expect(await list({ status: 'Active' })).not.toContain('Carol Chávez');
    expect(await list({ status: 'Active' })).not.toContain('Eve Evans');
    expect(await list({ paymentStatus: 'past_due' })).toEqual(['Dan Dorsey']);
    expect(await list({ paymentStatus: 'freezed' })).toEqual(['Eve Evans']);
    expect((await list({ tags: tagB })).sort()).toEqual(['Bob Brown']);
    expect((await list({ tags: `${tagA},${tagB}` })).sort()).toEqual(['Alice Anderson', 'Bob Brown']);
    expect(await list({ leadSources: source })).toEqual(['Bob Brown']);
    expect(await list({ plan: 'Gold' })).toEqual(['Alice Anderson']);
    expect(await list({ progressions: rank })).toEqual(['Dan Dorsey']);
    expect(await list({ stage })).toEqual(['Eve Evans']);
    expect(await list({ contactType: k.org.contactTypeIds.lead })).toEqual(['Gina By Employee']);
    expect(await list({ status: 'Active', paymentStatus: 'past_due', plan: 'Gold' })).toEqual([]);
    const bad = await k.admin.get('/api/contact/get', { tags: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^tags/);
    expect((await k.admin.get('/api/contact/get', { paymentStatus: 'late' })).status).toBe(400);
    expect((await k.admin.get('/api/contact/get', { status: '' })).status).toBe(200);
  });

  it('rating type 1 sorts by last attended (never attended last), 2 by last contacted', async () => {
    const res = await k.admin.get('/api/contact/get', { ratingType: 1, pageSize: 3 });
    expect(namesOf(res.body).slice(0, 2)).toEqual(['Dan Dorsey', 'Carol Chávez']);
    const next = await k.admin.get('/api/contact/get', {
      ratingType: 1,
      pageSize: 3,
      cursor: res.body.pagination.nextCursor,
    });
    expect(next.status).toBe(200);
    expect(namesOf(next.body)).not.toContain('Dan Dorsey');
    expect((await k.admin.get('/api/contact/get', { ratingType: 2 })).status).toBe(200);
    expect((await k.admin.get('/api/contact/get', { ratingType: 3 })).status).toBe(400);
  });

  it('searches the list by name fragment, e-mail and phone digits, taking wildcards literally', async () => {
    const search = async (s: string) =>
      namesOf((await k.admin.get('/api/contact/get', { search: s })).body).sort();
    expect(await search('ANDER')).toEqual(['Alice Anderson']);
    expect(await search('shop.test')).toEqual(['Alice Anderson', 'Carol Chávez']);
    expect(await search('555-0202')).toEqual(['Bob Brown']);
    expect(await search('0%_R')).toEqual(['Frank 100%_Real']);
    expect(await search('%')).toEqual([]);
    // One or two characters match the start of the name only.
    expect(await search('Ch')).toEqual([]);
    expect(await search('Ca')).toEqual(['Carol Chávez']);
  });

  it('the picker searches answer picker options, 10 per page by default', async () => {
    const byName = await k.admin.get('/api/contact/search-name', { q: 'rso' });
    expect(byName.status).toBe(200);
    expect(namesOf(byName.body)).toEqual(['Alice Anderson']);
    expect(byName.body.pagination).toEqual({ page: 0, pageSize: 10, hasMore: false });
    const dan = (await k.admin.get('/api/contact/search-name', { q: 'dorsey' })).body.list[0];
    expect(dan).toEqual({
      _id: ids['Dan Dorsey'],
      fullName: 'Dan Dorsey',
      photo: null,
      email: null,
      phone: null,
      status: 'active',
      isFormer: false,
      contactType: null,
      currentRank: expect.objectContaining({ _id: rank, rankName: 'Blue', categoryName: 'BJJ' }),
      stopSms: false,
      // Wages and tips stay empty until the payroll module records them.
      salary: null,
      cashTip: null,
      ccTip: null,
      workedHours: null,
      totalAmount: null,
      cashTipOwed: null,
    });
    expect(Object.keys(dan)).not.toContain('tags');
    expect(namesOf((await k.admin.get('/api/contact/search-phone', { q: '(212) 555' })).body)).toEqual([
      'Alice Anderson',
      'Bob Brown',
    ]);
    expect(namesOf((await k.admin.get('/api/contact/search-phone', { q: '0101' })).body)).toEqual([
      'Alice Anderson',
    ]);
    expect(namesOf((await k.admin.get('/api/contact/search-phone', { q: 'abc' })).body)).toEqual([]);
    expect(namesOf((await k.admin.get('/api/contact/search-email', { q: 'SHOP' })).body)).toEqual([
      'Alice Anderson',
      'Carol Chávez',
    ]);
    const all = await k.admin.get('/api/contact/search-name', { pageSize: 4 });
    expect(all.body.list).toHaveLength(4);
    expect(all.body.pagination.hasMore).toBe(true);
    const names = namesOf(all.body);
    expect([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    expect((await k.admin.get('/api/contact/search-name', { pageSize: 101 })).status).toBe(400);
    expect((await k.intruder.get('/api/contact/search-name', { q: 'Anderson' })).body.list).toEqual([]);
  });

  it('the picker search can list only the people who work here (a salary, a shift)', async () => {
    const everyone = namesOf((await k.admin.get('/api/contact/search-name', { pageSize: 100 })).body);
    const staff = namesOf(
      (await k.admin.get('/api/contact/search-name', { staff: 'true', pageSize: 100 })).body,
    );
    // The organisation's admin and employee, not its client, leads or members.
    expect(staff).toHaveLength(2);
    expect(everyone).toEqual(expect.arrayContaining(staff));
    expect(staff).not.toContain('Alice Anderson');
    expect(staff).not.toContain('Gina By Employee');
    expect((await k.admin.get('/api/contact/search-name', { staff: 'yes' })).status).toBe(400);
  });

  it('counts come from the kept row; the filtered total counts under the same filters', async () => {
    const totals = await k.admin.call('GET', '/api/contact/get-total');
    expect(totals.body).toEqual({ active: 8, former: 1, pastDue: 1, total: 10 });
    const ft = async (q: Record<string, string> = {}) =>
      (await k.admin.get('/api/contact/get-filtered-total', q)).body;
    expect(await ft()).toEqual({ total: 10, capped: false });
    expect(await ft({ status: 'Former' })).toEqual({ total: 1, capped: false });
    expect(await ft({ paymentStatus: 'past due' })).toEqual({ total: 1, capped: false });
    expect(await ft({ tags: tagA })).toEqual({ total: 2, capped: false });
    expect(await ft({ search: 'shop', status: 'Active' })).toEqual({ total: 1, capped: false });
    expect((await k.intruder.call('GET', '/api/contact/get-total')).body).toEqual({
      active: 1,
      former: 0,
      pastDue: 0,
      total: 1,
    });
  });

  it('data flow: an employee lists what they or their assigner created; admins list everything', async () => {
    const mine = namesOf((await k.employee.get('/api/contact/get', { dataFlow: 'on' })).body);
    expect(mine).toContain('Gina By Employee');
    expect(mine).toContain('Alice Anderson');
    expect(mine.some((n) => n.startsWith('admin 0'))).toBe(false);
    expect((await k.employee.get('/api/contact/get-filtered-total')).body.total).toBe(7);
    expect((await k.admin.get('/api/contact/get', { dataFlow: 'off' })).body.list).toHaveLength(10);
    expect((await k.admin.get('/api/contact/get', { dataFlow: 'maybe' })).status).toBe(400);
  });

  it('data flow: an admin with view-user-data sees everyone with it On, only their own with it Off', async () => {
    const adminId = k.admin.session.userId;
    const owned = await k.t.database.query<{ full_name: string }>(
      `select full_name from contacts where organization_id = $1 and created_by = $2 and deleted_at is null
       order by created_at desc, id desc`,
      [k.org.id, adminId],
    );
    const everyone = namesOf((await k.admin.get('/api/contact/get')).body);
    expect(owned.length).toBeGreaterThan(0);
    expect(owned.length).toBeLessThan(everyone.length);
    await k.t.database.query('update organizations set is_view_user_data = true where id = $1', [k.org.id]);
    try {
      const on = await k.admin.get('/api/contact/get', { dataFlow: 'on' });
      expect(namesOf(on.body)).toEqual(everyone);
      expect(namesOf((await k.admin.get('/api/contact/get')).body)).toEqual(everyone);
      const off = await k.admin.get('/api/contact/get', { dataFlow: 'off' });
      expect(namesOf(off.body)).toEqual(owned.map((r) => r.full_name));
      expect(namesOf(off.body)).not.toContain('Gina By Employee');
      const total = (q: Record<string, string>) =>
        k.admin.get('/api/contact/get-filtered-total', q).then((r) => r.body);
      expect(await total({ dataFlow: 'on' })).toEqual({ total: everyone.length, capped: false });
      expect(await total({ dataFlow: 'off' })).toEqual({ total: owned.length, capped: false });
      expect(await total({ dataFlow: 'off', tags: tagA })).toEqual({ total: 2, capped: false });
      expect(await total({ dataFlow: 'off', status: 'former' })).toEqual({ total: 1, capped: false });
      const exported = async (dataFlow: string) => {
        const res = await k.t.app.inject({
          method: 'GET',
          url: `/api/contact/export?dataFlow=${dataFlow}`,
          headers: k.admin.session.headers,
        });
        return res.body.trim().split('\r\n').length - 1;
      };
      expect(await exported('on')).toBe(everyone.length);
      expect(await exported('off')).toBe(owned.length);
      // Not an admin: the switch changes nothing; they see what their access ids own.
      const employeeOn = namesOf((await k.employee.get('/api/contact/get', { dataFlow: 'on' })).body);
      const employeeOff = namesOf((await k.employee.get('/api/contact/get', { dataFlow: 'off' })).body);
      expect(employeeOff).toEqual(employeeOn);
      expect(employeeOn).toContain('Gina By Employee');
      expect((await k.employee.get('/api/contact/get-filtered-total', { dataFlow: 'on' })).body.total).toBe(
        7,
      );
    } finally {
      await k.t.database.query('update organizations set is_view_user_data = false where id = $1', [
        k.org.id,
      ]);
    }
    // Without view-user-data an admin is not in data-flow mode: Off still lists everyone.
    expect(namesOf((await k.admin.get('/api/contact/get', { dataFlow: 'off' })).body)).toEqual(everyone);
  });

  it('finds duplicates by e-mail (any case) and by phone digits (any format)', async () => {
    await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Alice Again',
      email: 'ALICE@shop.test',
      allowDuplicateEmail: true,
    });
    await k.admin.call('POST', '/api/contact/add', { fullName: 'Bob Again', phone: '(212) 555 0202' });
    const res = await k.admin.call('GET', '/api/contact/duplicate');
    expect(res.status).toBe(200);
    const groups = res.body.list.map((g: { by: string; key: string; contacts: Listed[] }) => [
      g.by,
      g.key,
      namesOf({ list: g.contacts }).sort(),
    ]);
    expect(groups).toEqual([
      ['email', 'alice@shop.test', ['Alice Again', 'Alice Anderson']],
      ['phone', '12125550202', ['Bob Again', 'Bob Brown']],
    ]);
    const phones = await k.admin.get('/api/contact/duplicate', { by: 'phone' });
    expect(phones.body.list).toHaveLength(1);
    expect((await k.intruder.call('GET', '/api/contact/duplicate')).body.list).toEqual([]);
  });
});
