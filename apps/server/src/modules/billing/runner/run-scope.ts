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
   * Whether people are using the server right now (the app's RequestPace). While they are, the
   * run works in smaller batches and rests after each (paced), so that requests keep their pace;
   * while nobody is, it goes on at once. Without it the run never rests.
   */
  busy?: () => boolean;
}

/** Gives the event loop (and PGlite's one connection) to requests between batches. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows a batch takes while requests are arriving (a full batch is the scope's). */
export const BUSY_BATCH = 100;
/** Rest after a batch while requests are arriving, as a share of the batch's time (a third of the time for the run). */
export const BUSY_REST = 2;

/**
 * Runs one batch of the scope's size, or of BUSY_BATCH rows while requests are arriving, then
 * rests BUSY_REST times the batch's time if they still are (else one turn of the event loop).
 * Smaller batches spread the run's work finer between requests, so that fewer of them wait out a
 * whole batch.
 */
export async function paced<T>(
  scope: RunScope,
  busy: () => boolean,
  batch: (scope: RunScope) => Promise<T>,
): Promise<T> {
  const sized = busy() ? { ...scope, batchSize: Math.min(scope.batchSize, BUSY_BATCH) } : scope;
  const started = performance.now();
  const result = await batch(sized);
  const rest = busy() ? (performance.now() - started) * BUSY_REST : 0;
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
