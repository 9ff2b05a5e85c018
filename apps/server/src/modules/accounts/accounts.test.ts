import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

describe(`sign-up, sign-in answers and the session (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  let other: Awaited<ReturnType<typeof seedTenant>>;

  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'employee', 'client', 'primary']);
    other = await seedTenant(t, ['admin', 'client'], 'Other');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('register', () => {
    it('creates a user and an organisation they administer', async () => {
      const res = await post('/api/jwt/register', {
        fullName: 'Rita Register',
        email: 'Rita@Example.test',
        password: 'longenough1',
        organizationName: 'Rita Gym',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.userData.userType).toBe('admin');
      expect(body.userData.email).toBe('rita@example.test');
      expect(body.organization.name).toBe('Rita Gym');
      expect(body.organization.themeColor).toBe('#7367f0');
      expect(body.userData.organizations).toEqual([
        { organizationId: body.organization._id, userType: 'admin', name: 'Rita Gym' },
      ]);
      expect(body.userData.curRole.contactTypeId).toMatchObject({ name: 'Admin', type: 'admin' });
      expect(body.userData.ability).toContainEqual({ action: 'read', subject: 'base' });
      expect(body.accessToken.split('.')).toHaveLength(3);
    });

    it('refuses a used e-mail and bad input without writing anything', async () => {
      const dup = await post('/api/jwt/register', {
        fullName: 'X',
        email: 'rita@example.test',
        password: 'longenough1',
        organizationName: 'Second',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.message).toBe('This email is already in use');
      const bad = await post('/api/jwt/register', {
        fullName: 'X',
        email: 'nope',
        password: 'short',
        organizationName: 'Y',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/^email: /);
      const orgs = await t.database.query<{ n: number }>(
        `select count(*)::int as n from organizations where name in ('Second', 'Y')`,
      );
      expect(orgs[0]!.n).toBe(0);
    });
  });

  describe('login', () => {
    it.each([
      ['admin', 'admin', null],
      ['employee', 'employee', 'assigned'],
      ['client', 'client', 'assigned'],
      ['primary', 'primary', null],
    ] as const)('a %s gets userData with userType %s', async (role, userType, assigner) => {
      const res = await post('/api/jwt/login', { email: org.emails[role], password: 'password123' });
      expect(res.statusCode).toBe(200);
      const { userData, organization } = res.json();
      expect(userData.userType).toBe(userType);
      expect(userData.isEmployee).toBe(role === 'employee');
      expect(organization._id).toBe(org.id);
      expect(organization.planDetails.permissions.length).toBeGreaterThan(0);
      const admin = org.members[org.emails.admin!]!;
      expect(userData.curRole.assignerId).toBe(assigner ? admin.userId : null);
      expect(userData.curRole.contactId).toBe(org.members[org.emails[role]!]!.contactId);
    });
  });

  describe('request headers are checked, never trusted', () => {
    it('answers the session for the right headers', async () => {
      const s = await signIn(t, org.emails.employee!);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: s.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().userData.userType).toBe('employee');
    });

    it('403 for an organisation the user does not belong to', async () => {
      const s = await signIn(t, org.emails.admin!);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { ...s.headers, organization: other.id },
      });
      expect(res.statusCode).toBe(403);
    });

    it('403 for a wrong assigner', async () => {
      const s = await signIn(t, org.emails.client!);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { ...s.headers, assigner: other.members[other.emails.admin!]!.userId },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/assigner/);
    });

    it('403 when isemployee claims what the role is not', async () => {
      const s = await signIn(t, org.emails.client!);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { ...s.headers, isemployee: 'true' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('400 for a malformed organization header', async () => {
      const s = await signIn(t, org.emails.admin!);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { ...s.headers, organization: "x' or 1=1" },
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
