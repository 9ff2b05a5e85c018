import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestClient } from '../../../test/client.ts';
import {
  createTestApp,
  DB_KIND,
  type Session,
  seedTenant,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';

// Removing a member from an organisation: admins only, audited, never the last admin, one
// removal at a time; the removed person's token and a fresh sign-in no longer reach it. A
// contact that is someone's way in is not deleted from the contact list.

describe(`organisation members (${DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const as = (s: Session) => requestClient(t, s.headers);
  const members = (s: Session) => as(s).get('/api/organization/current/members');
  const remove = (s: Session, userId: string) =>
    as(s).call('DELETE', `/api/organization/current/members/${userId}`);

  it('lists the members with their roles for admins only', async () => {
    const org = await seedTenant(t, ['admin', 'employee', 'client']);
    const admin = await signIn(t, org.emails.admin!);
    const list = await members(admin);
    expect(list.status).toBe(200);
    expect(list.body.members).toHaveLength(3);
    const employee = list.body.members.find((m: { email: string }) => m.email === org.emails.employee);
    expect(employee).toMatchObject({
      userId: org.members[org.emails.employee!]!.userId,
      contactId: org.members[org.emails.employee!]!.contactId,
      userType: 'employee',
    });
    const coach = await signIn(t, org.emails.employee!);
    expect((await members(coach)).status).toBe(403);
  });

  it('removes an employee: their token and a fresh sign-in no longer reach the organisation', async () => {
    const org = await seedTenant(t, ['admin', 'employee']);
    const admin = await signIn(t, org.emails.admin!);
    const email = org.emails.employee!;
    const fran = await signIn(t, email);
    expect((await as(fran).call('POST', '/api/contact/add', { fullName: 'Before' })).status).toBe(200);

    // Their contact holds their role: deleting it from the contact list is refused, naming why.
    const { contactId } = org.members[email]!;
    const refused = await as(admin).call('DELETE', '/api/contact/delete', {
      ids: [contactId],
      source: 'list',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(
      /can sign in to this organisation: remove them under Organisation settings → Members before deleting their contact$/,
    );

    // An employee cannot remove anyone, not even with a users grant they lack.
    expect((await remove(fran, admin.userId)).status).toBe(403);

    const removed = await remove(admin, fran.userId);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ userId: fran.userId, email });

    // The old token is refused on the very next request (the context is read per request).
    const after = await as(fran).call('POST', '/api/contact/add', { fullName: 'After' });
    expect(after.status).toBe(403);
    expect(after.body.error.message).toBe('You are not a member of this organisation');
    expect((await as(fran).get('/api/organization/current')).status).toBe(403);
    // A fresh sign-in finds no organisation to enter.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      payload: { email, password: 'password123' },
    });
    if (login.statusCode === 200) {
      const fresh = { ...fran.headers, authorization: `Bearer ${login.json().accessToken}` };
      expect((await requestClient(t, fresh).get('/api/organization/current')).status).toBe(403);
    } else {
      expect(login.statusCode).toBe(403);
    }
    const written = await t.database.query<{ n: number }>(
      `select count(*)::int as n from contacts where organization_id = $1 and full_name = 'After'`,
      [org.id],
    );
    expect(written[0]!.n).toBe(0);

    const audit = await t.database.query<{ actor_user_id: string; entity_id: string }>(
      `select actor_user_id, entity_id from audit_log where organization_id = $1 and action = 'member.removed'`,
      [org.id],
    );
    expect(audit).toEqual([{ actor_user_id: admin.userId, entity_id: fran.userId }]);
    expect((await members(admin)).body.members).toHaveLength(1);
    // Now that it is no one's way in, the contact can be deleted.
    expect(
      (await as(admin).call('DELETE', '/api/contact/delete', { ids: [contactId], source: 'list' })).status,
    ).toBe(200);
    // Removing them again: no such member.
    expect((await remove(admin, fran.userId)).status).toBe(404);
  });

  it('never removes the last admin, and another organisation’s admin removes no one here', async () => {
    const org = await seedTenant(t, ['admin', 'admin', 'employee']);
    const [first, second] = Object.keys(org.members).filter((e) => org.members[e]!.role === 'admin');
    const a = await signIn(t, first!);
    const other = await seedTenant(t, ['admin']);
    const outsider = await signIn(t, other.emails.admin!);
    expect((await remove(outsider, org.members[second!]!.userId)).status).toBe(404);

    expect((await remove(a, org.members[second!]!.userId)).status).toBe(200);
    const last = await remove(a, a.userId);
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(
      /is the last admin of this organisation: make someone else an admin first$/,
    );
    expect((await members(a)).body.members).toHaveLength(2);
  });

  it.skipIf(DB_KIND === 'pglite')('two admins removing each other at once leave one admin', async () => {
    const org = await seedTenant(t, ['admin', 'admin']);
    const [x, y] = await Promise.all(Object.keys(org.members).map((e) => signIn(t, e)));
    const answers = await Promise.all([remove(x!, y!.userId), remove(y!, x!.userId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const left = await t.database.query<{ n: number }>(
      'select count(*)::int as n from memberships where organization_id = $1',
      [org.id],
    );
    expect(left[0]!.n).toBe(1);
  });
});
