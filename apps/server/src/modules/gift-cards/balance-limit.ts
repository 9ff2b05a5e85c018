import type { RateLimiter } from '../../lib/rate-limiter.ts';

// How many balance checks one address may make, as the kiosk limits code lookups: a check that
// finds the card costs 1 unit, one that does not (an unknown code, a wrong PIN) costs 5, out of
// 30 a minute. A customer checking their cards never notices; someone guessing codes gets 6
// tries a minute. Each check is charged as a miss before it runs and refunded once it found the
// card (a second counter), so checks sent all at once cannot slip under the budget.

export const BALANCE_WINDOW_MS = 60_000;
export const BALANCE_BUDGET = 30;
export const BALANCE_HIT_COST = 1;
export const BALANCE_MISS_COST = 5;

export type BalanceTurn = { allowed: true; foundKey: string } | { allowed: false; resetMs: number };

export class BalanceCheckLimit {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  private window(address: string) {
    const now = this.now();
    const n = Math.floor(now / BALANCE_WINDOW_MS);
    return {
      tries: `giftcard-tries:${address}:${n}`,
      found: `giftcard-found:${address}:${n}`,
      resetMs: (n + 1) * BALANCE_WINDOW_MS - now,
    };
  }

  /** Before a check: counts it as a miss, and refuses it once the budget is spent. */
  async check(address: string): Promise<BalanceTurn> {
    const w = this.window(address);
    const [tries, found] = [await this.limiter.hit(w.tries, w.resetMs), await this.limiter.peek(w.found)];
    const spent = BALANCE_MISS_COST * tries.count - (BALANCE_MISS_COST - BALANCE_HIT_COST) * found.count;
    if (spent > BALANCE_BUDGET) return { allowed: false, resetMs: w.resetMs };
    return { allowed: true, foundKey: w.found };
  }

  /** After a check that found the card: gives back the difference between a miss and a hit. */
  async found(turn: BalanceTurn): Promise<void> {
    if (turn.allowed) await this.limiter.hit(turn.foundKey, BALANCE_WINDOW_MS);
  }
}
