import type { PaymentsProvider } from '../payments/index.ts';

// What one billing run covers: "now" (a fake clock in tests), optionally one organisation or one
// contract (a run kicked by a request), and how big its batches are.

export interface RunScope {
  now: Date;
  organizationId?: string;
  contractId?: string;
  /** Rows per transaction. */
  batchSize: number;
}

export interface RunDeps {
  provider: PaymentsProvider;
  /** The app's public address, for the links in e-mails. */
  appUrl: string;
  /** Charges in flight at once. */
  concurrency: number;
  /**
   * After each batch the run rests this fraction of the batch's own time (0.5: a batch of 100 ms,
   * then 50 ms of rest), so that a big run leaves the database and the event loop to requests.
   */
  restRatio?: number;
}

/** Gives the event loop (and PGlite's one connection) to requests between batches. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs one batch, then rests `ratio` of the time it took (at least one turn of the event loop). */
export async function paced<T>(ratio: number, batch: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await batch();
  const rest = (performance.now() - started) * ratio;
  if (rest >= 1) await new Promise<void>((resolve) => setTimeout(resolve, rest));
  else await yieldToRequests();
  return result;
}

/** Rows of a batch worked through between two yields (a batch of 500 at once held requests up 20 ms). */
export const SLICE = 100;

/** Runs `fn` on `list` a slice at a time, giving the event loop to requests between slices. */
export async function inSlices<T>(list: readonly T[], fn: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < list.length; at += SLICE) {
    if (at > 0) await yieldToRequests();
    await fn(list.slice(at, at + SLICE));
  }
}
