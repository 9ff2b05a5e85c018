import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from './contacts.test-kit.ts';

describe(`contacts: create, read, update, delete (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const contactsNamed = (name: string) =>
    k.scalar('select count(*)::int as n from contacts where full_name = $1', [name]);

  it('adds a contact with every field and reads it back', async () => {
    const tag = await k.admin.call('POST', '/api/tag/add', { name: 'VIP', color: '#ff0000' });
    const add = await k.admin.call('POST', '/api/contact/add', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.test',
      phone: '+1 (555) 010-2030',
      status: 'active',
      isFormer: false,
      contactTypeId: k.org.contactTypeIds.client,
      tags: tag.status === 200 ? [tag.body.data._id] : [],
      punchId: '42',
      billingAddress: { street: '1 Main St', city: 'London', zip: 'N1' },
      birthday: '1815-12-10',
      lastAttendedAt: '2025-01-02T10:00:00Z',
      paymentStatus: 'past_due',
      plan: 'Gold',
      stopSms: true,
    });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe('Contact created');
    const c = add.body.data;
    expect(c).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.test',
      // Stored in E.164 (the organisation's country, US, for a number typed without one).
      phone: '+15550102030',
      punchId: '0000000042',
      birthday: '1815-12-10',
      lastAttendedAt: '2025-01-02T10:00:00.000Z',
      paymentStatus: 'past_due',
      plan: 'Gold',
      stopSms: true,
      contactType: { _id: k.org.contactTypeIds.client, name: 'Client', type: 'client' },
      billingAddress: { street: '1 Main St', city: 'London', zip: 'N1' },
      createdBy: k.admin.session.userId,
    });
    if (tag.status === 200)
      expect(c.tags).toEqual([{ _id: tag.body.data._id, name: 'VIP', color: '#ff0000' }]);
    const get = await k.admin.call('GET', `/api/contact/getById/${c._id}`);
    expect(get.status).toBe(200);
    expect(get.body).toEqual(c);
    expect(await k.scalar('select phone_digits as n from contacts where id = $1', [c._id])).toBe(15550102030);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'fullName'],
      [{ fullName: 'Bad Email', email: 'not-an-email' }, 'email'],
      [{ fullName: 'Bad Phone', phone: '12' }, 'phone'],
      [{ fullName: 'Bad Status', status: 'gone' }, 'status'],
      [{ fullName: 'Bad Birthday', birthday: '10/12/1815' }, 'birthday'],
      [{ fullName: 'Bad Type', contactTypeId: 'nope' }, 'contactTypeId'],
      [{ fullName: 'Bad Punch', punchId: 'has space' }, 'punchId'],
      [{ fullName: 'Bad Payment', paymentStatus: 'late' }, 'paymentStatus'],
      [{ fullName: 'Foreign Type', contactTypeId: k.other.contactTypeIds.client }, 'contactTypeId'],
      [{ fullName: 'Foreign Tag', tags: ['0190aaaa-0000-7000-8000-000000000000'] }, 'tags'],
    ];
    for (const [payload, field] of cases) {
      const res = await k.admin.call('POST', '/api/contact/add', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${field}: `));
    }
    expect(
      await k.scalar(
        `select count(*)::int as n from contacts where full_name like 'Bad %' or full_name like 'Foreign %'`,
      ),
    ).toBe(0);
  });

  it('updates a contact, recomputing the full name from its parts', async () => {
    const add = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Grace Hopper',
      email: 'g@h.test',
    });
    const id = add.body.data._id;
    const res = await k.admin.call('PUT', `/api/contact/update/${id}`, {
      firstName: 'Grace',
      lastName: 'Brewster',
      phone: null,
      isFormer: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact updated');
    expect(res.body.data).toMatchObject({
      fullName: 'Grace Brewster',
      isFormer: true,
      email: 'g@h.test',
      phone: null,
    });
    const bad = await k.admin.call('PUT', `/api/contact/update/${id}`, { email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^email/);
    expect((await k.admin.call('GET', `/api/contact/getById/${id}`)).body.email).toBe('g@h.test');
  });

  it('save-contact creates without _id and updates with it', async () => {
    const created = await k.admin.call('POST', '/api/contact/save-contact', { fullName: 'Saved Once' });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Contact created');
    const updated = await k.admin.call('POST', '/api/contact/save-contact', {
      _id: created.body.data._id,
      fullName: 'Saved Twice',
    });
    expect(updated.body).toMatchObject({ message: 'Contact updated', data: { fullName: 'Saved Twice' } });
    const missing = await k.admin.call('POST', '/api/contact/save-contact', {
      _id: '0190aaaa-0000-7000-8000-000000000001',
      fullName: 'Ghost',
    });
    expect(missing.status).toBe(404);
    expect(await contactsNamed('Ghost')).toBe(0);
  });

  it('punch ids are unique per organisation', async () => {
    const a = await k.admin.call('POST', '/api/contact/add', { fullName: 'Punch A', punchId: '777' });
    expect(a.status).toBe(200);
    const b = await k.admin.call('POST', '/api/contact/add', { fullName: 'Punch B', punchId: '0000000777' });
    expect(b.status).toBe(409);
    expect(b.body.error.message).toBe('This punch ID is already in use');
    expect(await contactsNamed('Punch B')).toBe(0);
    const elsewhere = await k.intruder.call('POST', '/api/contact/add', {
      fullName: 'Punch C',
      punchId: '777',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('soft-deletes, keeps the counts right and hides deleted contacts', async () => {
    const before = await k.admin.call('GET', '/api/contact/get-total');
    const ids: string[] = [];
    for (const p of [{ paymentStatus: 'past_due' }, { isFormer: true }, {}]) {
      ids.push((await k.admin.call('POST', '/api/contact/add', { fullName: 'Doomed', ...p })).body.data._id);
    }
    const mid = await k.admin.call('GET', '/api/contact/get-total');
    expect(mid.body).toEqual({
      active: before.body.active + 2,
      former: before.body.former + 1,
      pastDue: before.body.pastDue + 1,
      total: before.body.total + 3,
    });
    const del = await k.admin.call('DELETE', '/api/contact/delete', { source: 'contacts-list', ids });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: 'Contact deleted', count: 3 });
    expect((await k.admin.call('GET', '/api/contact/get-total')).body).toEqual(before.body);
    expect((await k.admin.call('GET', `/api/contact/getById/${ids[0]}`)).status).toBe(404);
    const again = await k.admin.call('DELETE', '/api/contact/delete', { source: 'contacts-list', ids });
    expect(again.status).toBe(404);
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
  });

  it('keeps the counts right when one update moves some rows and leaves others', async () => {
    const ids: string[] = [];
    for (const name of ['Count A', 'Count B', 'Count C']) {
      ids.push((await k.admin.call('POST', '/api/contact/add', { fullName: name })).body.data._id);
    }
    const before = (await k.admin.call('GET', '/api/contact/get-total')).body;
    const run = (text: string) => k.t.database.query(text, [k.org.id, ids]);
    // Nothing counted moves: the trigger leaves early and the counts stay.
    await run(`update contacts set updated_at = now(), full_name = full_name || '.'
               where organization_id = $1 and id = any($2::uuid[])`);
    expect((await k.admin.call('GET', '/api/contact/get-total')).body).toEqual(before);
    // One statement: A becomes former, B past due, C only renamed.
    await run(`update contacts set
                 is_former = (id = ($2::uuid[])[1]),
                 payment_status = case when id = ($2::uuid[])[2] then 'past_due' else payment_status end,
                 full_name = full_name || '!'
               where organization_id = $1 and id = any($2::uuid[])`);
    expect((await k.admin.call('GET', '/api/contact/get-total')).body).toEqual({
      ...before,
      active: before.active - 1,
      former: before.former + 1,
      pastDue: before.pastDue + 1,
    });
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
  });

  it('refuses to delete your own contact', async () => {
    const me = k.org.members[k.org.emails.admin!]!.contactId;
    const res = await k.admin.call('DELETE', '/api/contact/delete', { source: 'x', ids: [me] });
    expect(res.status).toBe(400);
    expect(
      await k.scalar('select count(*)::int as n from contacts where id = $1 and deleted_at is null', [me]),
    ).toBe(1);
  });

  it('contact-exists finds by e-mail or phone digits', async () => {
    await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Exists',
      email: 'exists@x.test',
      phone: '555-123-9999',
    });
    const byEmail = await k.admin.call('POST', '/api/contact/contact-exists', { email: 'EXISTS@x.test' });
    expect(byEmail.body).toMatchObject({ exists: true, contact: { fullName: 'Exists' } });
    const byPhone = await k.admin.call('POST', '/api/contact/contact-exists', { phone: '(555) 123 9999' });
    expect(byPhone.body.exists).toBe(true);
    const none = await k.admin.call('POST', '/api/contact/contact-exists', { email: 'nobody@x.test' });
    expect(none.body).toEqual({ exists: false, contact: null });
    const empty = await k.admin.call('POST', '/api/contact/contact-exists', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^email/);
  });

  it('get-multi-by-id answers the organisation’s contacts only', async () => {
    const a = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Multi A' })).body.data._id;
    const b = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Multi B' })).body.data._id;
    const foreign = (await k.intruder.call('POST', '/api/contact/add', { fullName: 'Multi X' })).body.data
      ._id;
    const res = await k.admin.get('/api/contact/get-multi-by-id', { ids: `${a},${b},${foreign}` });
    expect(res.status).toBe(200);
    expect(res.body.list.map((c: { fullName: string }) => c.fullName).sort()).toEqual(['Multi A', 'Multi B']);
    expect((await k.admin.get('/api/contact/get-multi-by-id', { ids: 'x' })).status).toBe(400);
  });

  describe('permissions and other organisations', () => {
    const contactRoutes = () =>
      k.t.app.routeList.filter(
        (r) => (r.permission as { resource?: string } | undefined)?.resource === 'contacts',
      );
    const sample = (url: string) => url.replace(/:(\w+)/g, '0190aaaa-0000-7000-8000-000000000000');

    it('every contacts route is tenant-scoped; a client gets 403 on each, an employee on each delete', async () => {
      const routes = contactRoutes();
      expect(routes.length).toBeGreaterThan(50);
      for (const r of routes) {
        expect(r.auth, r.url).toBe('tenant');
        const res = await k.client.call(
          r.method as 'GET',
          sample(r.url),
          r.method === 'GET' ? undefined : {},
        );
        expect(res.status, `${r.method} ${r.url}`).toBe(403);
      }
      for (const r of routes.filter((x) => x.method === 'DELETE')) {
        const res = await k.employee.call('DELETE', sample(r.url), {});
        expect(res.status, r.url).toBe(403);
      }
    });

    it('a client without contacts access gets 403 and nothing is written', async () => {
      expect((await k.client.call('GET', '/api/contact/get')).status).toBe(403);
      expect((await k.client.call('POST', '/api/contact/add', { fullName: 'By Client' })).status).toBe(403);
      expect(await contactsNamed('By Client')).toBe(0);
    });

    it('an employee may add and update but not delete', async () => {
      const add = await k.employee.call('POST', '/api/contact/add', { fullName: 'By Employee' });
      expect(add.status).toBe(200);
      const del = await k.employee.call('DELETE', '/api/contact/delete', {
        source: 'x',
        ids: [add.body.data._id],
      });
      expect(del.status).toBe(403);
      expect(await contactsNamed('By Employee')).toBe(1);
    });

    it('an employee cannot make anyone an admin', async () => {
      const add = await k.employee.call('POST', '/api/contact/add', {
        fullName: 'Would Be Admin',
        contactTypeId: k.org.contactTypeIds.admin,
      });
      expect(add.status).toBe(403);
      const self = k.org.members[k.org.emails.employee!]!.contactId;
      const role = await k.employee.call('PUT', '/api/contact/update-role', {
        contactId: self,
        contactTypeId: k.org.contactTypeIds.admin,
      });
      expect(role.status).toBe(403);
      const adminContact = k.org.members[k.org.emails.admin!]!.contactId;
      const cleared = await k.employee.call('PUT', `/api/contact/update/${adminContact}`, {
        contactTypeId: null,
      });
      expect(cleared.status).toBe(403);
      const moved = await k.employee.call('PUT', '/api/contact/mass-move', {
        ids: [adminContact],
        contactTypeId: k.org.contactTypeIds.lead,
      });
      expect(moved.status).toBe(403);
      expect(
        await k.scalar('select count(*)::int as n from contacts where id = $1 and contact_type_id = $2', [
          adminContact,
          k.org.contactTypeIds.admin,
        ]),
      ).toBe(1);
      expect(
        await k.scalar(
          `select count(*)::int as n from role_assignments where contact_id = $1 and contact_type_id = $2`,
          [self, k.org.contactTypeIds.employee],
        ),
      ).toBe(1);
    });

    it('another organisation’s admin gets 404 for this organisation’s contacts and changes nothing', async () => {
      const id = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Protected' })).body.data._id;
      const attempts = [
        k.intruder.call('GET', `/api/contact/getById/${id}`),
        k.intruder.call('PUT', `/api/contact/update/${id}`, { fullName: 'Hijacked' }),
        k.intruder.call('POST', '/api/contact/save-contact', { _id: id, fullName: 'Hijacked' }),
        k.intruder.call('DELETE', '/api/contact/delete', { source: 'x', ids: [id] }),
        k.intruder.call('PUT', `/api/contact/billing-address/${id}`, { city: 'Hijacked' }),
        k.intruder.call('PUT', '/api/contact/punchid', { contactId: id, punchId: '999' }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
      const headerSwap = await k.t.app.inject({
        method: 'GET',
        url: `/api/contact/getById/${id}`,
        headers: { ...k.intruder.session.headers, organization: k.org.id },
      });
      expect(headerSwap.statusCode).toBe(403);
      const row = await k.t.database.query<{ full_name: string; deleted_at: unknown; punch_id: unknown }>(
        'select full_name, deleted_at, punch_id from contacts where id = $1',
        [id],
      );
      expect(row[0]).toEqual({ full_name: 'Protected', deleted_at: null, punch_id: null });
    });
  });
});
