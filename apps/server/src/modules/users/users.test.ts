import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

describe(`users (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  let other: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'employee', 'client']);
    other = await seedTenant(t, ['admin']);
  });
  afterAll(() => t.close());

  const idOf = (o: typeof org, role: string) => o.members[o.emails[role]!]!.userId;

  it('reads oneself, and an admin reads members of the same organisation', async () => {
    const client = await signIn(t, org.emails.client!);
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/user/${client.userId}`,
      headers: client.headers,
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ _id: client.userId, email: org.emails.client });
    const admin = await signIn(t, org.emails.admin!);
    const member = await t.app.inject({
      method: 'GET',
      url: `/api/user/${client.userId}`,
      headers: admin.headers,
    });
    expect(member.statusCode).toBe(200);
  });

  it('404 for a member read by someone without users access, and for another organisation', async () => {
    const client = await signIn(t, org.emails.client!);
    const peer = await t.app.inject({
      method: 'GET',
      url: `/api/user/${idOf(org, 'employee')}`,
      headers: client.headers,
    });
    expect(peer.statusCode).toBe(404);
    const admin = await signIn(t, org.emails.admin!);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/user/${idOf(other, 'admin')}`,
      headers: admin.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('edits only one’s own profile; a new password needs the current one', async () => {
    const s = await signIn(t, org.emails.employee!);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${s.userId}`,
      headers: s.headers,
      payload: { fullName: 'Eve Employee', phone: '15551234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Eve Employee', phone: '15551234567' });

    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${idOf(org, 'admin')}`,
      headers: s.headers,
      payload: { fullName: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('You can only do this for your own account');
    const adminRow = await t.database.query<{ full_name: string }>(
      'select full_name from users where id = $1',
      [idOf(org, 'admin')],
    );
    expect(adminRow[0]!.full_name).not.toBe('Hijacked');

    const noCurrent = await t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${s.userId}`,
      headers: s.headers,
      payload: { newPassword: 'newpassword1' },
    });
    expect(noCurrent.statusCode).toBe(400);
    const wrongCurrent = await t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${s.userId}`,
      headers: s.headers,
      payload: { currentPassword: 'nope', newPassword: 'newpassword1' },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.message).toBe('Current password is incorrect');
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${s.userId}`,
      headers: s.headers,
      payload: { currentPassword: 'password123', newPassword: 'newpassword1' },
    });
    expect(changed.statusCode).toBe(200);
    await expect(signIn(t, org.emails.employee!, 'newpassword1')).resolves.toBeTruthy();
  });

  it('refuses a photo on a private, loopback or link-local address with a 400 naming it', async () => {
    const s = await signIn(t, org.emails.client!);
    for (const photo of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      'http://[::1]/',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/profile/${s.userId}`,
        headers: s.headers,
        payload: { photo },
      });
      expect(res.statusCode, photo).toBe(400);
      expect(res.json().error.message, photo).toContain('Must be a public address');
    }
    const rows = await t.database.query<{ photo: string | null }>('select photo from users where id = $1', [
      s.userId,
    ]);
    expect(rows[0]!.photo).toBeNull();
  });

  it('answers a bad field with a sentence naming it, not the validator’s wording', async () => {
    const s = await signIn(t, org.emails.client!);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/user/profile/${s.userId}`, headers: s.headers, payload });
    const typed = (await put({ fullName: 42 })).json().error;
    expect(typed.code).toBe('VALIDATION');
    expect(typed.message).toBe('fullName: Full name must be text');
    expect(typed.details).toEqual([{ field: 'fullName', message: 'Full name must be text' }]);
    expect((await put({ fullName: '' })).json().error.message).toBe('fullName: Full name is required');
    expect((await put({ fullName: 'x'.repeat(121) })).json().error.message).toBe(
      'fullName: Full name must be at most 120 characters',
    );
  });

  it('deletes one’s own account after the password is confirmed', async () => {
    const s = await signIn(t, org.emails.client!);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete',
      headers: s.headers,
      payload: { source: 'profile', password: 'bad' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete',
      headers: s.headers,
      payload: { source: 'profile', password: 'password123' },
    });
    expect(res.statusCode).toBe(200);
    await expect(signIn(t, org.emails.client!)).rejects.toThrow(/401/);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/refresh-token',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where organization_id = $1 and action = 'user.deleted'`,
      [org.id],
    );
    expect(audit).toHaveLength(1);
  });
});
