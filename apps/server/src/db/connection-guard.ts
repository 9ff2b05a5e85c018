import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

// While a request holds its tenant transaction, its database work goes through that
// transaction. A statement sent through the database handle instead needs a second connection:
// on PostgreSQL the request then holds two of the pool's connections, so a busy pool waits on
// itself; PGlite runs one transaction at a time, so there it waits for ever. The auth plugin
// says when a request holds its transaction (RequestHold.reason); the handle's drivers refuse
// work from that request meanwhile, on both databases, with that reason.

export interface RequestHold {
  /** Set while the request holds its tenant transaction: why a statement outside it is refused. */
  reason: string | null;
}

const requests = new AsyncLocalStorage<RequestHold>();

/** Runs the rest of a request (`next`) under `hold`. */
export function trackRequest(hold: RequestHold, next: () => void): void {
  requests.run(hold, next);
}

/** The refusal for a statement from a request that holds its transaction; null otherwise. */
function refusal(): Error | null {
  const reason = requests.getStore()?.reason;
  return reason ? new Error(reason) : null;
}

type Method = (...args: unknown[]) => unknown;

/** Wraps promise- or callback-style methods of `target` so they refuse while a request holds. */
function guard<T extends object>(target: T, names: (keyof T & string)[]): void {
  for (const name of names) {
    const method = target[name] as Method;
    const guarded = function (this: unknown, ...args: unknown[]) {
      const err = refusal();
      if (!err) return method.apply(this, args);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        queueMicrotask(() => (callback as (e: Error) => void)(err));
        return undefined;
      }
      return Promise.reject(err);
    };
    Object.defineProperty(target, name, { value: guarded, configurable: true, writable: true });
  }
}

/** The pool's own statements and connections (the handle's query, prepared and db). */
export function guardPool(pool: pg.Pool): void {
  guard(pool, ['query', 'connect']);
}

/** PGlite's statements and transactions outside a transaction's own handle. */
export function guardPglite(client: PGlite): void {
  guard(client, ['query', 'exec', 'transaction']);
}
