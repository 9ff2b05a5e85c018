import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limiter.ts';

async function behaves(limiter: RateLimiter, key: string) {
  expect(await limiter.peek(key)).toEqual({ count: 0, resetMs: 0 });
  const first = await limiter.hit(key, 60_000);
  expect(first.count).toBe(1);
  expect(first.resetMs).toBeGreaterThan(59_000);
  await limiter.hit(key, 60_000);
  expect((await limiter.peek(key)).count).toBe(2);
  await limiter.reset(key);
  expect((await limiter.peek(key)).count).toBe(0);
}

/** A hit given back leaves the window as it was; nothing is given back below zero or after it. */
async function givesBack(limiter: RateLimiter, key: string) {
  await limiter.giveBack(key);
  expect(await limiter.peek(key)).toEqual({ count: 0, resetMs: 0 });
  await limiter.hit(key, 60_000);
  await limiter.hit(key, 60_000);
  await limiter.giveBack(key);
  const after = await limiter.peek(key);
  expect(after.count).toBe(1);
  expect(after.resetMs).toBeGreaterThan(59_000);
  await limiter.giveBack(key);
  await limiter.giveBack(key);
  expect((await limiter.peek(key)).count).toBe(0);
  expect((await limiter.hit(key, 60_000)).count).toBe(1);
  await limiter.reset(key);
}

describe('rate limiter', () => {
  it('gives a hit back, in memory', async () => {
    await givesBack(new MemoryRateLimiter(), 'g');
  });

  it('counts in memory and forgets after the window', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    await behaves(limiter, 'k');
    await limiter.hit('w', 15 * 60_000);
    now += 15 * 60_000 - 1;
    expect((await limiter.peek('w')).count).toBe(1);
    now += 1;
    expect((await limiter.peek('w')).count).toBe(0);
  });

  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) console.log('Redis rate-limiter test skipped: REDIS_URL is not set');
  it.skipIf(!redisUrl)('shares counts through Redis', async () => {
    const a = new RedisRateLimiter(redisUrl!);
    const b = new RedisRateLimiter(redisUrl!);
    try {
      const key = `test:${randomBytes(6).toString('hex')}`;
      await behaves(a, key);
      await givesBack(b, `${key}:back`);
      await a.hit(key, 60_000);
      expect((await b.hit(key, 60_000)).count).toBe(2);
      await a.reset(key);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
