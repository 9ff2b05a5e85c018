import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createPortalKit, type PortalKit } from './portal.test-kit.ts';

describe(`member portal: profile, family and what a member may reach (${DB_KIND})`, () => {
  let kit: PortalKit;
  beforeAll(async () => {
    kit = await createPortalKit({ members: 2, env: { IMPORT_WORKER: '0' } });
  });
  afterAll(() => kit.t.close());

  const contact = async (id: string) =>
    (
      await kit.sqlRows<{ full_name: string; phone: string | null; photo: string | null }>(
        'select full_name, phone, photo from contacts where id = $1',
        [id],
      )
    )[0]!;

  it('changes the member’s own name, phone and photo; a photo must be http(s) or an upload', async () => {
    const [m, other] = kit.members;
    const before = await contact(other!.contactId);
    const saved = await m!.c.call('PUT', '/api/portal/profile', {
      fullName: 'Morgan Rivers',
      phone: '+1 555 010 9999',
      photo: 'https://images.example.com/morgan.jpg',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Profile saved',
      data: { _id: m!.contactId, fullName: 'Morgan Rivers', photo: 'https://images.example.com/morgan.jpg' },
    });
    expect(saved.body.data.phone).toMatch(/555/);
    expect((await contact(m!.contactId)).full_name).toBe('Morgan Rivers');
    expect((await m!.c.call('PUT', '/api/portal/profile', { photo: '/files/avatars/m.png' })).status).toBe(
      200,
    );
    for (const photo of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png']) {
      const bad = await m!.c.call('PUT', '/api/portal/profile', { photo });
      expect(bad.status, photo).toBe(400);
      expect(bad.body.error.message).toContain('photo');
    }
    expect((await m!.c.call('PUT', '/api/portal/profile', { fullName: '  ' })).status).toBe(400);
    expect((await m!.c.call('PUT', '/api/portal/profile', {})).status).toBe(400);
    expect((await contact(m!.contactId)).photo).toBe('/files/avatars/m.png');
    // Nobody else changed; the other organisation's member changes only theirs.
    expect(await contact(other!.contactId)).toEqual(before);
    await kit.outsider.c.call('PUT', '/api/portal/profile', { fullName: 'Somebody Else' });
    expect(await contact(m!.contactId)).toMatchObject({ full_name: 'Morgan Rivers' });
    expect((await contact(kit.outsider.contactId)).full_name).toBe('Somebody Else');
    // The profile reads back in "me"; HTML in a name is text (the web escapes it).
    await m!.c.call('PUT', '/api/portal/profile', { fullName: '<b>Morgan</b>' });
    expect((await m!.c.get('/api/portal/me')).body.member.fullName).toBe('<b>Morgan</b>');
  });

  it('reads the family links of the member only, without their relatives’ contact details', async () => {
    const [m, other] = kit.members;
    const linked = await kit.admin.call('POST', '/api/contact/family', {
      contactId: m!.contactId,
      memberContactId: other!.contactId,
      relation: 'Child',
    });
    expect(linked.status).toBe(200);
    const family = await m!.c.get('/api/portal/family');
    expect(family.status).toBe(200);
    expect(family.body.list).toHaveLength(1);
    expect(family.body.list[0]).toMatchObject({ relation: 'Child', contact: { _id: other!.contactId } });
    expect(family.body.list[0].contact.email).toBeUndefined();
    expect((await kit.outsider.c.get('/api/portal/family')).body.list).toEqual([]);
    // Adding family stays with staff.
    expect(
      (
        await m!.c.call('POST', '/api/contact/family', {
          contactId: m!.contactId,
          memberContactId: other!.contactId,
        })
      ).status,
    ).toBe(403);
  });

  it('a member reads their own contact by id, and no one else’s', async () => {
    const [m, other] = kit.members;
    const own = await m!.c.get(`/api/contact/getById/${m!.contactId}`);
    expect(own.status).toBe(200);
    expect(own.body._id).toBe(m!.contactId);
    const theirs = await m!.c.get(`/api/contact/getById/${other!.contactId}`);
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.message).toBe('You do not have read access to contacts');
    expect((await kit.outsider.c.get(`/api/contact/getById/${m!.contactId}`)).status).toBe(403);
    // Staff with contacts access still read anyone; another organisation's admin finds nothing.
    expect((await kit.admin.get(`/api/contact/getById/${other!.contactId}`)).status).toBe(200);
    expect((await kit.intruder.get(`/api/contact/getById/${other!.contactId}`)).status).toBe(404);
  });

  it('a member reaches no admin calls; staff still reach theirs', async () => {
    const [m] = kit.members;
    const typeId = (await kit.admin.call('POST', '/api/booking-type', { title: 'Yoga' })).body.data._id;
    for (const [method, url, body] of [
      ['GET', '/api/contact/get', undefined],
      ['GET', '/api/contact/contact-statistics', undefined],
      ['GET', '/api/contact/export', undefined],
      ['POST', '/api/booking-type', { title: 'Mine now' }],
      [
        'POST',
        '/api/booking-slot',
        { bookingTypeId: typeId, date: '2030-01-07', startTime: '10:00', endTime: '11:00' },
      ],
      ['GET', '/api/device-management', undefined],
      ['PUT', '/api/calender-setting', { weekStart: 1 }],
    ] as const) {
      const res = await m!.c.call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await kit.admin.get('/api/booking-type')).status).toBe(200);
    expect((await kit.employee.get('/api/booking-type')).status).toBe(200);
  });

  it('an admin in the portal is a member of their own record, under the member rules', async () => {
    const me = await kit.admin.get('/api/portal/me');
    expect(me.status).toBe(200);
    const [adminContact] = await kit.sqlRows<{ id: string }>(
      `select c.id from contacts c join contact_types t on t.organization_id = c.organization_id and t.id = c.contact_type_id
       where c.organization_id = $1 and t.type = 'admin'`,
      [kit.orgId],
    );
    expect(me.body.member._id).toBe(adminContact!.id);
    expect((await kit.admin.get('/api/portal/bookings')).body).toEqual({ upcoming: [], waitlist: [] });
  });
});
