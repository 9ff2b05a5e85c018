import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant.ts';
import { addContact, createKit, type Kit } from './contacts.test-kit.ts';
import { addMemberContact, findOrCreateLead } from './members.service.ts';

// Every contacts write path stores phones in E.164 with the organisation's country as the region
// of a number typed without a country code; manual add warns about a saved e-mail.

describe(`stored phones and duplicate e-mails (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const phoneOf = async (id: string) => (await k.admin.call('GET', `/api/contact/getById/${id}`)).body.phone;

  it('manual add and update store E.164 with the organisation country (US)', async () => {
    const id = await addContact(k, { fullName: 'Pat Phone', phone: '5550109999' });
    expect(await phoneOf(id)).toBe('+15550109999');
    await k.admin.call('PUT', `/api/contact/update/${id}`, { phone: '(555) 010-8888' });
    expect(await phoneOf(id)).toBe('+15550108888');
    await k.admin.call('PUT', `/api/contact/update/${id}`, { phone: null });
    expect(await phoneOf(id)).toBeNull();
  });

  it('import rows (addBulk) store E.164 and de-duplicate against the stored form', async () => {
    const res = await k.admin.call('POST', '/api/contact/addBulk', {
      contacts: [{ fullName: 'Imported Ivy', phone: '5550107777' }],
    });
    expect(res.body).toMatchObject({ created: 1 });
    const found = (await k.admin.get('/api/contact/search-name', { q: 'Imported Ivy' })).body.list[0];
    expect(found.phone).toBe('+15550107777');
    const again = await k.admin.call('POST', '/api/contact/addBulk', {
      contacts: [{ fullName: 'Ivy Again', phone: '+1 (555) 010-7777' }],
    });
    expect(again.body).toMatchObject({ created: 0, duplicates: 1 });
  });

  it('public booking leads and new members store E.164; another country is the default region', async () => {
    const orgId = k.org.id;
    const lead = await withTenant(k.t.database.db, orgId, (tx) =>
      findOrCreateLead(tx, orgId, { name: 'Lee Lead', email: 'lee@phones.test', phone: '5550109999' }),
    );
    expect(await phoneOf(lead)).toBe('+15550109999');

    await k.t.database.query(`update organizations set country = 'GB' where id = $1`, [orgId]);
    try {
      const uk = await addContact(k, { fullName: 'Uma UK', phone: '07700 900123' });
      expect(await phoneOf(uk)).toBe('+447700900123');
      const member = await withTenant(k.t.database.db, orgId, (tx) =>
        addMemberContact(tx, {
          organizationId: orgId,
          userId: k.admin.session.userId,
          fullName: 'Mia Member',
          email: 'mia@phones.test',
          contactTypeId: k.org.contactTypeIds.client,
          assignerId: k.employee.session.userId,
          phone: '020 7946 0000',
        }),
      );
      expect(await phoneOf(member.contactId)).toBe('+442079460000');
    } finally {
      await k.t.database.query(`update organizations set country = 'US' where id = $1`, [orgId]);
    }
  });

  it('manual add with a saved e-mail answers 409 naming the existing contact; "Add anyway" adds it', async () => {
    const first = await addContact(k, { fullName: 'Dana Dup', email: 'dana@phones.test' });
    const again = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Dana Two',
      email: 'DANA@phones.test',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'A contact with this email already exists',
      details: [{ field: 'email', contactId: first, fullName: 'Dana Dup' }],
    });
    expect(
      await k.scalar(`select count(*)::int as n from contacts where lower(email) = 'dana@phones.test'`),
    ).toBe(1);
    const saved = await k.admin.call('POST', '/api/contact/save-contact', {
      fullName: 'Dana Three',
      email: 'dana@phones.test',
    });
    expect(saved.status).toBe(409);
    const anyway = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Dana Two',
      email: 'dana@phones.test',
      allowDuplicateEmail: true,
    });
    expect(anyway.status).toBe(200);
    expect(
      await k.scalar(`select count(*)::int as n from contacts where lower(email) = 'dana@phones.test'`),
    ).toBe(2);
  });
});
