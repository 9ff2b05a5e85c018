import type { RateLimiter } from '../../lib/rate-limiter.ts';

// How many members a kiosk may look up: code lookups and name searches of one device draw on one
// budget per minute, counted by the app's rate limiter (in memory, or in Redis with REDIS_URL so
// every API process shares the count).
//
// A lookup that finds a member costs 1 unit and one that finds nobody costs 5: a queue of members
// scanning their cards spends the budget slowly, while guessing codes spends it five times as
// fast. With 30 units a minute a kiosk serves up to 26 members a minute by card or code (one
// every 2.3 s, faster than a front desk checks anyone in) and any burst within that, but a guesser
// gets 6 tries a minute. A name search costs 1 unit (it shows names only, and typing a name sends a
// few). The minute is a fixed window shared by all processes (its number is in the keys).
//
// A lookup is charged as a miss before it runs and refunded (a second counter) once it has found
// someone: lookups sent all at once cannot slip under the budget before any of them is counted.

export const KIOSK_LOOKUP_WINDOW_MS = 60_000;
export const KIOSK_LOOKUP_BUDGET = 30;
export const KIOSK_HIT_COST = 1;
export const KIOSK_MISS_COST = 5;
/**
 * Overrides the budget (units per device per minute). For load tests only: `npm run bench` drives
 * thousands of lookups a second from a few devices. Unset in production.
 */
export const KIOSK_LOOKUP_BUDGET_ENV = 'KIOSK_LOOKUP_BUDGET';

export function budgetFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[KIOSK_LOOKUP_BUDGET_ENV];
  if (raw === undefined || raw === '') return KIOSK_LOOKUP_BUDGET;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(
      `Invalid configuration:\n  ${KIOSK_LOOKUP_BUDGET_ENV}: expected a whole number of 1 or more`,
    );
  }
  return n;
}

/** A lookup's turn: allowed, or refused until the window ends. */
export type Turn = { allowed: true; foundKey: string } | { allowed: false; resetMs: number };

export interface KioskLookupLimitOptions {
  budget?: number;
  windowMs?: number;
  now?: () => number;
  /** A refund that could not be counted (the limiter's store is down): logged, never thrown. */
  onError?: (err: unknown) => void;
}

export class KioskLookupLimit {
  readonly budget: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly opts: KioskLookupLimitOptions = {},
  ) {
    this.budget = opts.budget ?? KIOSK_LOOKUP_BUDGET;
    this.windowMs = opts.windowMs ?? KIOSK_LOOKUP_WINDOW_MS;
    this.now = opts.now ?? Date.now;
  }

  private window(deviceId: string) {
    const now = this.now();
    const n = Math.floor(now / this.windowMs);
    return {
      tries: `kiosk-tries:${deviceId}:${n}`,
      found: `kiosk-found:${deviceId}:${n}`,
      resetMs: (n + 1) * this.windowMs - now,
    };
  }

  private spent(tries: number, found: number): number {
    return KIOSK_MISS_COST * tries - (KIOSK_MISS_COST - KIOSK_HIT_COST) * found;
  }

  /** Before a code lookup: counts it as a miss, and refuses it once the budget is spent. */
  async lookup(deviceId: string): Promise<Turn> {
    const w = this.window(deviceId);
    const [tries, found] = await Promise.all([
      this.limiter.hit(w.tries, this.windowMs),
      this.limiter.peek(w.found),
    ]);
    if (this.spent(tries.count, found.count) > this.budget) return { allowed: false, resetMs: w.resetMs };
    return { allowed: true, foundKey: w.found };
  }

  /** The lookup found a member: it costs a hit, not a miss. Not awaited by the caller. */
  found(turn: Turn): void {
    if (!turn.allowed) return;
    this.limiter.hit(turn.foundKey, this.windowMs).catch((err) => this.opts.onError?.(err));
  }

  /** A name search: one unit, refused once the budget is spent. */
  async search(deviceId: string): Promise<Turn> {
    const w = this.window(deviceId);
    const [tries, found] = await Promise.all([
      this.limiter.hit(w.tries, this.windowMs),
      this.limiter.hit(w.found, this.windowMs),
    ]);
    if (this.spent(tries.count, found.count) > this.budget) return { allowed: false, resetMs: w.resetMs };
    return { allowed: true, foundKey: w.found };
  }
}
