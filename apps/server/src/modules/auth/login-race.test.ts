import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { RedisRateLimiter } from '../../lib/rate-limiter.ts';

// Counts the argon2 checks, so the test sees how many guesses were really tried, not only the answers.
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const REDIS_URL = process.env.REDIS_URL;
const LIMITER = REDIS_URL ? 'redis' : 'memory';

describe(`sign-in limit under parallel guesses (${DB_KIND}, ${LIMITER} counts)`, () => {
  let t: TestApp;
  let app: TestApp['app'];
  let org: Awaited<ReturnType<typeof seedTenant>>;

  beforeAll(async () => {
    t = await createTestApp();
    // With REDIS_URL the counts live in Redis, as they do when several API processes share them.
    app = REDIS_URL
      ? await buildApp({
          config: t.app.services.config,
          database: t.database,
          mailer: t.mailer,
          limiter: new RedisRateLimiter(REDIS_URL),
        })
      : t.app;
    await app.ready();
    org = await seedTenant(t, ['client', 'employee'], 'Race');
  });
  afterAll(async () => {
    for (const email of Object.values(org.emails))
      await app.services.limiter.reset(`login:${email}:127.0.0.1`);
    if (app !== t.app) await app.close();
    await t.close();
  });

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/jwt/login', payload: { email, password }, remoteAddress });

  it('20 wrong passwords at once: 5 are checked and answered 401, the other 15 are 429', async () => {
    const email = org.emails.client!;
    vi.mocked(verifyPassword).mockClear();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `wrong-${i}`)));
    const unauthorized = answers.filter((r) => r.statusCode === 401);
    const limited = answers.filter((r) => r.statusCode === 429);
    console.log(
      `[${DB_KIND}, ${LIMITER}] 20 parallel wrong passwords: ${unauthorized.length} x 401, ${limited.length} x 429, ${vi.mocked(verifyPassword).mock.calls.length} passwords checked`,
    );
    expect(unauthorized.length + limited.length).toBe(20);
    expect(unauthorized.length).toBe(5);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
    for (const r of unauthorized) expect(r.json().error.message).toBe('Invalid email or password');
    for (const r of limited) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(800);
      expect(r.json().error.message).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes\.$/);
    }
    // The account is now locked for this address, even with the right password, and not elsewhere.
    expect((await login(email, 'password123')).statusCode).toBe(429);
    expect((await login(email, 'password123', '10.20.30.40')).statusCode).toBe(200);
  });

  it('the right password among parallel guesses is never checked once the five slots are taken', async () => {
    const email = org.emails.employee!;
    vi.mocked(verifyPassword).mockClear();
    const wrong = await Promise.all(Array.from({ length: 5 }, (_, i) => login(email, `wrong-${i}`)));
    expect(wrong.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const burst = await Promise.all([
      ...Array.from({ length: 9 }, (_, i) => login(email, `again-${i}`)),
      login(email, 'password123'),
    ]);
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(429));
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
  });
});
