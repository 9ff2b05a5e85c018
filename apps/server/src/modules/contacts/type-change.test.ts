import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, signIn } from '../../../test/helpers.ts';
import { addContact, createKit, type Kit } from './contacts.test-kit.ts';

// A member's contact type is their role: one rule decides who may change it, whether the change
// comes one contact at a time (update-role) or many at once (mass-move).

describe(`one rule for changing contact types (${DB_KIND})`, () => {
  let k: Kit;
  let plain: string;
  beforeAll(async () => {
    k = await createKit();
    plain = await addContact(k, { fullName: 'Walk-in' });
  });
  afterAll(() => k.t.close());

  const memberContact = (role: string) => k.org.members[k.org.emails[role]!]!.contactId;
  const typeOf = (contactId: string) =>
    k.t.database
      .query<{ contact: string | null; role: string | null }>(
        `select c.contact_type_id as contact,
                (select r.contact_type_id from role_assignments r
                 where r.organization_id = c.organization_id and r.contact_id = c.id) as role
         from contacts c where c.id = $1`,
        [contactId],
      )
      .then((r) => r[0]!);

  it('a coach cannot change a member’s type through mass-move, as through update-role', async () => {
    const member = memberContact('client');
    const before = await typeOf(member);
    const single = await k.employee.call('PUT', '/api/contact/update-role', {
      contactId: member,
      contactTypeId: k.org.contactTypeIds.lead,
    });
    const bulk = await k.employee.call('PUT', '/api/contact/mass-move', {
      ids: [plain, member],
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(single.status).toBe(403);
    expect(bulk.status).toBe(403);
    expect(bulk.body.error.message).toBe(single.body.error.message);
    expect(await typeOf(member)).toEqual(before);
    expect((await typeOf(plain)).contact).toBeNull();
    // The client keeps the client's rights.
    const session = await signIn(k.t, k.org.emails.client!);
    const me = await k.t.app.inject({ method: 'GET', url: '/api/auth/session', headers: session.headers });
    expect(me.json().userData.curRole.contactTypeId.name).toBe('Client');
  });

  it('a coach still moves contacts that are not members', async () => {
    const res = await k.employee.call('PUT', '/api/contact/mass-move', {
      ids: [plain],
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(res.status).toBe(200);
    expect((await typeOf(plain)).contact).toBe(k.org.contactTypeIds.lead);
  });

  it('nobody changes their own role through mass-move, as through update-role', async () => {
    const own = memberContact('admin');
    const single = await k.admin.call('PUT', '/api/contact/update-role', {
      contactId: own,
      contactTypeId: k.org.contactTypeIds.lead,
    });
    const bulk = await k.admin.call('PUT', '/api/contact/mass-move', {
      ids: [plain, own],
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(single.status).toBe(400);
    expect(bulk.status).toBe(400);
    expect(bulk.body.error.message).toBe(single.body.error.message);
    expect(await typeOf(own)).toEqual({
      contact: k.org.contactTypeIds.admin,
      role: k.org.contactTypeIds.admin,
    });
  });

  it('an admin’s mass-move of a member moves their role with the type, as update-role does', async () => {
    const member = memberContact('client');
    const res = await k.admin.call('PUT', '/api/contact/mass-move', {
      ids: [member],
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(res.status).toBe(200);
    expect(await typeOf(member)).toEqual({
      contact: k.org.contactTypeIds.lead,
      role: k.org.contactTypeIds.lead,
    });
  });

  it('re-sending a member’s unchanged type is not a role change', async () => {
    const member = memberContact('employee');
    const before = await typeOf(member);
    expect(before).toEqual({ contact: k.org.contactTypeIds.employee, role: k.org.contactTypeIds.employee });
    const res = await k.employee.call('PUT', '/api/contact/mass-move', {
      ids: [member],
      contactTypeId: k.org.contactTypeIds.employee,
    });
    expect(res.status).toBe(200);
    expect(await typeOf(member)).toEqual(before);
    // The coach's rights are the same after it: still an employee who may add contacts.
    expect((await k.employee.call('POST', '/api/contact/add', { fullName: 'Still a coach' })).status).toBe(
      200,
    );
  });
});
