import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

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
]);

describe('route guards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every API route has an auth decision, a permission rule where tenant-scoped, and a response schema', () => {
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const r of api) {
      const key = `${r.method} ${r.url}`;
      if (!r.auth) problems.push(`${key}: no auth decision`);
      if (r.auth === 'public' && !PUBLIC_ROUTES.has(key))
        problems.push(`${key}: public but not listed as public`);
      if (r.auth !== 'public' && PUBLIC_ROUTES.has(key))
        problems.push(`${key}: listed as public but guarded`);
      if (r.auth === 'tenant' && !r.permission) problems.push(`${key}: no permission rule`);
      if (!r.hasResponseSchema) problems.push(`${key}: no response schema`);
    }
    expect(problems).toEqual([]);
  });

  it('a guarded route answers 401 without a token and unknown API paths answer 404 JSON', async () => {
    const guarded = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.auth !== 'public');
    for (const r of guarded) {
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
      const res = await t.app.inject({ method: r.method as 'GET', url });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/jwt/login');
  });
});
