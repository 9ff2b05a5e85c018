import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

describe(`sign-in and sessions (${DB_KIND})`, () => {
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

  describe('login', () => {
    it('answers a wrong password with the server message and limits failures', async () => {
      const email = other.emails.client!;
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/jwt/login', { email, password: 'wrong-password' });
        expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
        expect(res.json().error.message).toBe('Invalid email or password');
      }
      const sixth = await post('/api/jwt/login', { email, password: 'wrong-password' });
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
      expect(sixth.json().error.message).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes\.$/);
      const blocked = await post('/api/jwt/login', { email, password: 'password123' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.message).toMatch(/Try again in 15 minutes/);
      // Another address is counted separately.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/jwt/login',
        payload: { email, password: 'password123' },
        remoteAddress: '10.9.8.7',
      });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('a success clears the failure count', async () => {
      const { emails } = await seedTenant(t, ['client'], 'Clears');
      const email = emails.client!;
      for (let i = 0; i < 4; i++) await post('/api/jwt/login', { email, password: 'wrong-password' });
      expect((await post('/api/jwt/login', { email, password: 'password123' })).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/jwt/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
      }
      expect((await post('/api/jwt/login', { email, password: 'wrong-password' })).statusCode).toBe(429);
    });

    it('a forged X-Forwarded-For does not reset the count unless TRUST_PROXY trusts the proxy', async () => {
      const { emails } = await seedTenant(t, ['client'], 'Proxy');
      const email = emails.client!;
      for (let i = 0; i < 5; i++) {
        const res = await post(
          '/api/jwt/login',
          { email, password: 'wrong-password' },
          {
            'x-forwarded-for': `203.0.113.${i + 1}`,
          },
        );
        expect(res.statusCode).toBe(401);
      }
      const forged = await post(
        '/api/jwt/login',
        { email, password: 'password123' },
        {
          'x-forwarded-for': '198.51.100.77',
        },
      );
      expect(forged.statusCode).toBe(429);

      // Behind a listed proxy the forwarded address is the client's, counted on its own; a peer
      // that is not the listed proxy is still taken at its own address.
      const proxied = await createTestApp(t.database, { TRUST_PROXY: '127.0.0.1' });
      try {
        const login = (remoteAddress: string, forwarded: string, password: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/jwt/login',
            payload: { email, password },
            headers: { 'x-forwarded-for': forwarded },
            remoteAddress,
          });
        expect((await login('127.0.0.1', '198.51.100.77', 'password123')).statusCode).toBe(200);
        for (let i = 0; i < 5; i++) {
          expect((await login('10.9.9.9', `203.0.113.${i + 1}`, 'wrong-password')).statusCode).toBe(401);
        }
        expect((await login('10.9.9.9', '198.51.100.78', 'password123')).statusCode).toBe(429);
      } finally {
        await proxied.app.close();
      }
    });

    it('gives the same answer for an unknown e-mail', async () => {
      const res = await post('/api/jwt/login', { email: 'ghost@example.test', password: 'whatever1' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid email or password');
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every use and a reused token revokes the whole family', async () => {
      const s = await signIn(t, org.emails.admin!);
      const first = await post('/api/jwt/refresh-token', { refreshToken: s.refreshToken });
      expect(first.statusCode).toBe(200);
      const rotated = first.json();
      expect(rotated.refreshToken).not.toBe(s.refreshToken);
      const second = await post('/api/auth/token-refresh', { refreshToken: rotated.refreshToken });
      expect(second.statusCode).toBe(200);
      const latest = second.json().refreshToken;
      const reuse = await post('/api/jwt/refresh-token', { refreshToken: s.refreshToken });
      expect(reuse.statusCode).toBe(401);
      const afterReuse = await post('/api/jwt/refresh-token', { refreshToken: latest });
      expect(afterReuse.statusCode).toBe(401);
      const stored = await t.database.query<{ token_hash: string }>(
        'select token_hash from refresh_tokens limit 5',
      );
      expect(stored.every((r) => r.token_hash.length === 64 && r.token_hash !== latest)).toBe(true);
    });

    it('sign-out revokes the family', async () => {
      const s = await signIn(t, org.emails.employee!);
      const out = await post('/api/auth/signout', { refreshToken: s.refreshToken }, s.headers);
      expect(out.statusCode).toBe(200);
      const res = await post('/api/jwt/refresh-token', { refreshToken: s.refreshToken });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a forged or garbage token', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { authorization: 'Bearer not.a.jwt' },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
