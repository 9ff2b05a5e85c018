import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

describe(`organisation settings (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  let other: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'employee', 'client']);
    other = await seedTenant(t, ['admin']);
  });
  afterAll(() => t.close());

  const nameOf = async (id: string) =>
    (await t.database.query<{ name: string }>('select name from organizations where id = $1', [id]))[0]!.name;

  it('an admin reads and updates the current organisation', async () => {
    const s = await signIn(t, org.emails.admin!);
    const get = await t.app.inject({ method: 'GET', url: '/api/organization/current', headers: s.headers });
    expect(get.statusCode).toBe(200);
    expect(get.json()._id).toBe(org.id);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/current',
      headers: s.headers,
      payload: { name: 'Renamed Gym', themeColor: '#abc', timeZone: 'Europe/London', isViewUserData: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Renamed Gym',
      themeColor: '#abc',
      timeZone: 'Europe/London',
      isViewUserData: true,
    });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: s.headers });
    expect(session.json().userData.dataFlow).toBe(true);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const s = await signIn(t, org.emails.admin!);
    for (const payload of [{ themeColor: 'purple' }, { timeZone: 'Mars/Base' }, { name: '' }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/organization/current',
        headers: s.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(new RegExp(`^${Object.keys(payload)[0]}: `));
    }
    expect(await nameOf(org.id)).toBe('Renamed Gym');
  });

  it('employees and clients cannot change settings', async () => {
    for (const role of ['employee', 'client']) {
      const s = await signIn(t, org.emails[role]!);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/organization/current',
        headers: s.headers,
        payload: { name: 'Hacked' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await nameOf(org.id)).toBe('Renamed Gym');
  });

  it('another organisation’s admin cannot reach this organisation', async () => {
    const s = await signIn(t, other.emails.admin!);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/current',
      headers: { ...s.headers, organization: org.id },
      payload: { name: 'Taken over' },
    });
    expect(res.statusCode).toBe(403);
    expect(await nameOf(org.id)).toBe('Renamed Gym');
  });
});
