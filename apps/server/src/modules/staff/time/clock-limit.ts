import type { RateLimiter } from '../../../lib/rate-limiter.ts';

// How many punch-id lookups and punches a time clock may make: each tablet has a budget per
// minute, and the organisation's tablets together have a larger one, so pairing a second tablet
// does not double a guesser's tries. A call that finds an employee costs 1 unit and one that
// finds nobody costs 5, as at the check-in kiosk: a queue of staff clocking in at the start of a
// shift spends the budget slowly, while guessing punch ids spends it five times as fast (6
// guesses a minute per tablet, 24 per organisation). The minute is a fixed window shared by all
// processes (its number is in the keys).
//
// A call is charged as a miss before it runs and refunded (a second counter) once it has found
// someone: calls sent all at once cannot slip under the budget before any of them is counted.

export const CLOCK_WINDOW_MS = 60_000;
export const CLOCK_DEVICE_BUDGET = 30;
export const CLOCK_ORG_BUDGET = 120;
export const CLOCK_HIT_COST = 1;
export const CLOCK_MISS_COST = 5;

export type ClockTurn = { allowed: true; foundKeys: string[] } | { allowed: false; resetMs: number };

export interface ClockLimitOptions {
  deviceBudget?: number;
  orgBudget?: number;
  windowMs?: number;
  now?: () => number;
  /** A refund that could not be counted (the limiter's store is down): logged, never thrown. */
  onError?: (err: unknown) => void;
}

const spent = (tries: number, found: number) =>
  CLOCK_MISS_COST * tries - (CLOCK_MISS_COST - CLOCK_HIT_COST) * found;

export class TimeClockLimit {
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly opts: ClockLimitOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? CLOCK_WINDOW_MS;
    this.now = opts.now ?? Date.now;
  }

  /** Before a lookup or a punch: counts it as a miss on both budgets; refuses once either is spent. */
  async take(orgId: string, deviceId: string): Promise<ClockTurn> {
    const now = this.now();
    const n = Math.floor(now / this.windowMs);
    const resetMs = (n + 1) * this.windowMs - now;
    const scopes = [
      { key: `clock:device:${deviceId}:${n}`, budget: this.opts.deviceBudget ?? CLOCK_DEVICE_BUDGET },
      { key: `clock:org:${orgId}:${n}`, budget: this.opts.orgBudget ?? CLOCK_ORG_BUDGET },
    ];
    // The tablet's budget first: a tablet already refused spends nothing of the organisation's,
    // so one busy tablet cannot lock the others out.
    for (const s of scopes) {
      const [tries, found] = await Promise.all([
        this.limiter.hit(`${s.key}:tries`, this.windowMs),
        this.limiter.peek(`${s.key}:found`),
      ]);
      if (spent(tries.count, found.count) > s.budget) return { allowed: false, resetMs };
    }
    return { allowed: true, foundKeys: scopes.map((s) => `${s.key}:found`) };
  }

  /** The call found an employee: it costs a hit, not a miss. Not awaited by the caller. */
  found(turn: ClockTurn): void {
    if (!turn.allowed) return;
    for (const key of turn.foundKeys) {
      this.limiter.hit(key, this.windowMs).catch((err) => this.opts.onError?.(err));
    }
  }
}
