import { randomUUID } from 'node:crypto';
import { type AbilityRule, ACTIONS, BASE_RESOURCE, can, RESOURCES } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import type { AuthKind, ResourcePermission, RoutePermission } from '../src/plugins/types.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from './helpers.ts';

/** Calls that answer without a signed-in user, on purpose. Anything else must be guarded. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/jwt/login',
  'POST /api/jwt/register',
  'POST /api/jwt/refresh-token',
  'POST /api/auth/token-refresh',
  'POST /api/auth/send-reset-code',
  'POST /api/auth/reset-password',
  'POST /api/device-auth/pair',
  'GET /api/public/booking-group/:slug',
  'POST /api/public/booking-group/:slug/book',
  'POST /api/payment/webhook',
  'GET /api/files/download',
  'POST /api/public/giftcard/balance',
  'GET /api/public/giftcard/card/:token',
]);

const KNOWN_RESOURCES = new Set<string>([BASE_RESOURCE, ...RESOURCES]);
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const withIds = (url: string) => url.replace(/:(\w+)/g, ZERO_ID);

/** What is wrong with a route's permission decision, given how it is reached. */
function permissionProblem(auth: AuthKind, permission: RoutePermission | undefined): string | null {
  if (auth === 'public') return permission === undefined ? null : 'public but declares a permission';
  if (permission === undefined) return 'no permission rule';
  if (auth === 'user') return permission === 'self' ? null : "user route without the 'self' rule";
  if (auth === 'device') return permission === 'device' ? null : "device route without the 'device' rule";
  if (typeof permission !== 'object') return `tenant route with the '${permission}' rule`;
  if (!KNOWN_RESOURCES.has(permission.resource)) return `unknown resource ${permission.resource}`;
  if (!(ACTIONS as readonly string[]).includes(permission.action))
    return `unknown action ${permission.action}`;
  return null;
}

describe('route guards', () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'employee', 'client']);
  });
  afterAll(() => t.close());

  const api = () => t.app.routeList.filter((r) => r.url.startsWith('/api/'));
  const routesOf = (kind: AuthKind) => api().filter((r) => r.auth === kind);

  it('every API route has an auth decision, a permission decision unless public, and a response schema', () => {
    expect(api().length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const r of api()) {
      const key = `${r.method} ${r.url}`;
      if (!r.auth) {
        problems.push(`${key}: no auth decision`);
      } else {
        if (r.auth === 'public' && !PUBLIC_ROUTES.has(key))
          problems.push(`${key}: public but not listed as public`);
        if (r.auth !== 'public' && PUBLIC_ROUTES.has(key))
          problems.push(`${key}: listed as public but guarded`);
        const problem = permissionProblem(r.auth as AuthKind, r.permission as RoutePermission | undefined);
        if (problem) problems.push(`${key}: ${problem}`);
      }
      if (!r.hasResponseSchema) problems.push(`${key}: no response schema`);
    }
    expect(problems).toEqual([]);
    for (const kind of ['public', 'user', 'tenant', 'device'] as const) {
      expect(routesOf(kind).length, `${kind} routes`).toBeGreaterThan(0);
    }
  });

  it('a guarded route answers 401 without a token and unknown API paths answer 404 JSON', async () => {
    for (const r of api().filter((r) => r.auth !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: withIds(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('enforces every tenant rule: a role the rule does not allow gets 403 before the handler runs', async () => {
    let denied = 0;
    for (const role of ['client', 'employee'] as const) {
      const s = await signIn(t, org.emails[role]!);
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: s.headers });
      const ability = session.json().userData.ability as AbilityRule[];
      for (const r of routesOf('tenant')) {
        const rule = r.permission as ResourcePermission;
        if (can(ability, rule.action, rule.resource)) continue;
        denied++;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: withIds(r.url),
          headers: s.headers,
        });
        expect(res.statusCode, `${role}: ${r.method} ${r.url}`).toBe(403);
        expect(res.json().error.message).toBe(`You do not have ${rule.action} access to ${rule.resource}`);
      }
    }
    // The client and the employee lack at least settings and device management.
    expect(denied).toBeGreaterThan(2);
  });

  it("enforces 'self': a user id in the path must be the caller's, and only a user token is accepted", async () => {
    const employee = await signIn(t, org.emails.employee!);
    const adminId = org.members[org.emails.admin!]!.userId;
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${adminId}`,
      headers: employee.headers,
      payload: { fullName: 'Hijacked' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('You can only do this for your own account');
    const [admin] = await t.database.query<{ full_name: string }>(
      'select full_name from users where id = $1',
      [adminId],
    );
    expect(admin!.full_name).not.toBe('Hijacked');

    const deviceToken = await t.app.services.tokens.sign({ sub: randomUUID(), typ: 'device', org: org.id });
    for (const r of routesOf('user')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: withIds(r.url),
        headers: { authorization: `Bearer ${deviceToken}` },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("enforces 'device': a kiosk route takes a device credential bound to an organisation, never a user's token", async () => {
    const admin = await signIn(t, org.emails.admin!);
    const unbound = await t.app.services.tokens.sign({ sub: randomUUID(), typ: 'device' });
    const bound = await t.app.services.tokens.sign({ sub: randomUUID(), typ: 'device', org: org.id });
    for (const r of routesOf('device')) {
      const key = `${r.method} ${r.url}`;
      const asUser = await t.app.inject({
        method: r.method as 'GET',
        url: withIds(r.url),
        headers: admin.headers,
      });
      expect(asUser.statusCode, key).toBe(401);
      const asUnbound = await t.app.inject({
        method: r.method as 'GET',
        url: withIds(r.url),
        headers: { authorization: `Bearer ${unbound}` },
      });
      expect(asUnbound.statusCode, key).toBe(401);
      expect(asUnbound.json().error.message).toBe('Invalid device credential');
    }
    // A device credential opens no user or tenant route.
    for (const r of [...routesOf('user'), ...routesOf('tenant')]) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: withIds(r.url),
        headers: { authorization: `Bearer ${bound}` },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses to serve a route whose permission decision is missing or of the wrong form', async () => {
    const { services } = t.app;
    const probe = await buildApp({
      config: services.config,
      database: t.database,
      mailer: services.mailer,
      limiter: services.limiter,
    });
    const schema = { response: { 200: z.object({ ok: z.boolean() }) } };
    const ok = () => ({ ok: true });
    probe.get('/api/probe/self', { config: { auth: 'user', permission: 'self' }, schema }, ok);
    probe.get('/api/probe/user-without-rule', { config: { auth: 'user' }, schema }, ok);
    probe.get('/api/probe/tenant-without-rule', { config: { auth: 'tenant' }, schema }, ok);
    probe.get('/api/probe/tenant-with-self', { config: { auth: 'tenant', permission: 'self' }, schema }, ok);
    probe.get('/api/probe/device-with-self', { config: { auth: 'device', permission: 'self' }, schema }, ok);
    probe.get('/api/probe/no-auth', { schema }, ok);
    try {
      await probe.ready();
      const s = await signIn(t, org.emails.admin!);
      const get = (path: string) =>
        probe.inject({ method: 'GET', url: `/api/probe/${path}`, headers: s.headers });
      expect((await get('self')).json()).toEqual({ ok: true });
      for (const path of [
        'user-without-rule',
        'tenant-without-rule',
        'tenant-with-self',
        'device-with-self',
        'no-auth',
      ]) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(500);
        expect(res.json().error.code, path).toBe('INTERNAL');
      }
    } finally {
      await probe.close(); // closing the shared in-memory limiter is a no-op
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/jwt/login');
  });
});
