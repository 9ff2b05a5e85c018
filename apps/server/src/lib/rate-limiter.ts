import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Counts events per key inside a fixed window. In one process memory suffices; with REDIS_URL
 * the counts are shared by every API process (ARCHITECTURE rule 10).
 */
export interface RateLimiter {
  /** Current count and milliseconds until the window resets. */
  peek(key: string): Promise<{ count: number; resetMs: number }>;
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Undoes one hit inside the current window (an attempt that turned out not to count). */
  giveBack(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly entries = new Map<string, { count: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const e = this.entries.get(key);
    if (e && e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  async peek(key: string) {
    const e = this.live(key);
    return { count: e?.count ?? 0, resetMs: e ? e.until - this.now() : 0 };
  }

  async hit(key: string, windowMs: number) {
    const e = this.live(key) ?? { count: 0, until: this.now() + windowMs };
    e.count += 1;
    this.entries.set(key, e);
    if (this.entries.size > 100_000) this.sweep();
    return { count: e.count, resetMs: e.until - this.now() };
  }

  async giveBack(key: string) {
    const e = this.live(key);
    if (e && e.count > 0) e.count -= 1;
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  async close() {}

  private sweep() {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

// Only an existing key, and never below zero: a give-back after the window ended does nothing.
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async peek(key: string) {
    const [count, ttl] = await Promise.all([this.redis.get(`rl:${key}`), this.redis.pttl(`rl:${key}`)]);
    return { count: Number(count ?? 0), resetMs: Math.max(0, ttl) };
  }

  // One script, so the increment and the window's expiry are a single atomic step: a burst of
  // callers each gets its own count, and no key is ever left without an expiry.
  async hit(key: string, windowMs: number) {
    const [count, resetMs] = (await this.redis.eval(HIT_SCRIPT, 1, `rl:${key}`, windowMs)) as [
      number,
      number,
    ];
    return { count, resetMs };
  }

  async giveBack(key: string) {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, `rl:${key}`);
  }

  async reset(key: string) {
    await this.redis.del(`rl:${key}`);
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}

export function retryMessage(resetMs: number, what: string): string {
  const minutes = Math.max(1, Math.ceil(resetMs / 60_000));
  return `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The 429 of a limit reached, with the wait in its message, its details and Retry-After. */
export function rateLimited(resetMs: number, what: string): AppError {
  const seconds = Math.ceil(resetMs / 1000);
  return new AppError(
    'RATE_LIMITED',
    retryMessage(resetMs, what),
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}
