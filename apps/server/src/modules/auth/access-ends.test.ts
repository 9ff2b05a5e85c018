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
import { resetCodeSender } from './reset-mail.ts';

// Access ends when it is taken away: the access token of a deleted account, of a signed-out
// session, of a session whose password was reset or whose refresh token was replayed stops at
// once (not when it expires), and so do a removed membership and a changed role.

describe(`access ends at once (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'employee', 'employee', 'employee', 'employee', 'client']);
  });
  afterAll(() => t.close());

  const emails = () => Object.keys(org.members).filter((e) => org.members[e]!.role === 'employee');
  const as = (s: Session) => requestClient(t, s.headers);
  const addContact = (s: Session, fullName = 'Kept out') =>
    as(s).call('POST', '/api/contact/add', { fullName });

  it('a deleted account’s access token no longer reads or writes', async () => {
    const email = emails()[0]!;
    const s = await signIn(t, email);
    expect((await addContact(s, 'Before deletion')).status).toBe(200);
    const gone = await as(s).call('DELETE', '/api/user/delete', {
      source: 'profile',
      password: 'password123',
    });
    expect(gone.status).toBe(200);
    const after = await addContact(s);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
    expect((await as(s).get('/api/organization/current')).status).toBe(401);
    expect((await as(s).get('/api/auth/session')).status).toBe(401);
    expect((await as(s).call('PUT', `/api/user/profile/${s.userId}`, { fullName: 'Ghost' })).status).toBe(
      401,
    );
    const written = await t.database.query<{ n: number }>(
      `select count(*)::int as n from contacts where organization_id = $1 and full_name = 'Kept out'`,
      [org.id],
    );
    expect(written[0]!.n).toBe(0);
  });

  it('sign-out ends the session’s access token, and only that session', async () => {
    const email = emails()[1]!;
    const [s, other] = [await signIn(t, email), await signIn(t, email)];
    const out = await as(s).call('POST', '/api/auth/signout', { refreshToken: s.refreshToken });
    expect(out.status).toBe(200);
    expect((await addContact(s)).status).toBe(401);
    expect((await as(s).get('/api/organization/current')).status).toBe(401);
    // The same person signed in elsewhere keeps working.
    expect((await addContact(other, 'Other session')).status).toBe(200);
  });

  it('sign-out ends the access token it is called with, whatever refresh token it names', async () => {
    const email = emails()[1]!;
    const s = await signIn(t, email);
    const out = await as(s).call('POST', '/api/auth/signout', { refreshToken: 'not-a-refresh-token' });
    expect(out.status).toBe(200);
    expect((await as(s).get('/api/organization/current')).status).toBe(401);
  });

  it('a password reset ends every earlier session, and a sign-in after it works', async () => {
    const email = emails()[2]!;
    const s = await signIn(t, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/send-reset-code', payload: { email } });
    await resetCodeSender(t.app.services).idle();
    const code = [...t.mailer.recent]
      .reverse()
      .find((m) => m.to === email)
      ?.text.match(/code is (\d{6})/)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, code, password: 'after-reset-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await addContact(s)).status).toBe(401);
    const fresh = await signIn(t, email, 'after-reset-1');
    expect((await addContact(fresh, 'After reset')).status).toBe(200);
  });

  it('a replayed refresh token ends the whole family’s access tokens', async () => {
    const email = emails()[3]!;
    const s = await signIn(t, email);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/refresh-token',
      payload: { refreshToken: s.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const next = { ...s.headers, authorization: `Bearer ${rotated.json().accessToken}` };
    expect((await requestClient(t, next).get('/api/organization/current')).status).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/refresh-token',
      payload: { refreshToken: s.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect((await as(s).get('/api/organization/current')).status).toBe(401);
    expect((await requestClient(t, next).get('/api/organization/current')).status).toBe(401);
  });

  it('a removed membership ends access to that organisation at once', async () => {
    const other = await seedTenant(t, ['admin', 'employee'], 'Leaving');
    const email = other.emails.employee!;
    const s = await signIn(t, email);
    expect((await addContact(s, 'Still a member')).status).toBe(200);
    await t.database.query('delete from memberships where organization_id = $1 and user_id = $2', [
      other.id,
      s.userId,
    ]);
    const after = await addContact(s);
    expect(after.status).toBe(403);
    expect((await as(s).get('/api/organization/current')).status).toBe(403);
  });

  it('a changed role takes effect on the next request', async () => {
    const admin = await signIn(t, org.emails.admin!);
    const email = emails()[3]!;
    const s = await signIn(t, email);
    expect((await addContact(s, 'As a coach')).status).toBe(200);
    const changed = await as(admin).call('PUT', '/api/contact/update-role', {
      contactId: org.members[email]!.contactId,
      contactTypeId: org.contactTypeIds.client,
    });
    expect(changed.status).toBe(200);
    // The same token and headers: the role is read per request, so the coach's rights are gone.
    expect((await addContact(s)).status).toBe(403);
    const { isemployee: _, ...headers } = s.headers;
    const asClient = await requestClient(t, headers).call('POST', '/api/contact/add', {
      fullName: 'Kept out',
    });
    expect(asClient.status).toBe(403);
    expect(asClient.body.error.message).toBe('You do not have write access to contacts');
  });
});
