import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { RedisRateLimiter } from '../../lib/rate-limiter.ts';
import { LOGIN_ADDRESS_MAX_FAILURES } from './auth.service.ts';

// Counts the argon2 checks, so the test sees how many guesses were really tried.
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const REDIS_URL = process.env.REDIS_URL;
const LIMITER = REDIS_URL ? 'redis' : 'memory';

describe(`password spraying from one address (${DB_KIND}, ${LIMITER} counts)`, () => {
  let t: TestApp;
  let app: TestApp['app'];
  let org: Awaited<ReturnType<typeof seedTenant>>;
  const accounts = Array.from(
    { length: 60 },
    (_, i) => `sprayed-${i}-${Date.now().toString(36)}@example.test`,
  );
  // Addresses of this file only, so that counts left in Redis by another run cannot meet them.
  const tag = Math.floor(Math.random() * 200) + 20;
  const sprayer = `10.${tag}.0.1`;

  beforeAll(async () => {
    t = await createTestApp();
    app = REDIS_URL
      ? await buildApp({
          config: t.app.services.config,
          database: t.database,
          mailer: t.mailer,
          limiter: new RedisRateLimiter(REDIS_URL),
        })
      : t.app;
    await app.ready();
    org = await seedTenant(t, ['admin', 'client', 'client'], 'Spray');
  });
  afterAll(async () => {
    for (const ip of [sprayer, `10.${tag}.0.2`, `10.${tag}.0.3`, `10.${tag}.0.4`]) {
      await app.services.limiter.reset(`login-ip:${ip}`);
      for (const email of [...accounts, ...Object.values(org.emails)])
        await app.services.limiter.reset(`login:${email}:${ip}`);
    }
    if (app !== t.app) await app.close();
    await t.close();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/jwt/login', payload: { email, password }, remoteAddress });

  it(`60 failures on 60 accounts: the first ${LOGIN_ADDRESS_MAX_FAILURES} are 401, then 429 with a retry time`, async () => {
    vi.mocked(verifyPassword).mockClear();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (const email of accounts) {
      last = await login(email, 'Winter2025!', sprayer);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([
      ...Array(LOGIN_ADDRESS_MAX_FAILURES).fill(401),
      ...Array(60 - LOGIN_ADDRESS_MAX_FAILURES).fill(429),
    ]);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(LOGIN_ADDRESS_MAX_FAILURES);
    const seconds = Number(last!.headers['retry-after']);
    expect(seconds).toBeGreaterThan(800);
    expect(seconds).toBeLessThanOrEqual(900);
    expect(last!.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
      details: { retryAfterSeconds: seconds },
    });
    // Even the right password of a real account is not checked from that address now...
    expect((await login(org.emails.admin!, 'password123', sprayer)).statusCode).toBe(429);
    // ...while another address signs in as usual.
    expect((await login(org.emails.admin!, 'password123', `10.${tag}.0.2`)).statusCode).toBe(200);
  });

  it('a parallel spray is held to the same number of checks', async () => {
    vi.mocked(verifyPassword).mockClear();
    const burst = await Promise.all(accounts.map((email) => login(email, 'Spring2025!', `10.${tag}.0.3`)));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_ADDRESS_MAX_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - LOGIN_ADDRESS_MAX_FAILURES);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(LOGIN_ADDRESS_MAX_FAILURES);
  });

  it('successful sign-ins from a shared address do not count against it', async () => {
    const office = `10.${tag}.0.4`;
    for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES + 10; i++) {
      const email = i % 2 === 0 ? org.emails.admin! : org.emails.client!;
      expect((await login(email, 'password123', office)).statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES; i++) {
      expect((await login(accounts[i]!, 'wrong-password', office)).statusCode, `failure ${i + 1}`).toBe(401);
    }
    expect((await login(accounts[59]!, 'wrong-password', office)).statusCode).toBe(429);
  });
});
