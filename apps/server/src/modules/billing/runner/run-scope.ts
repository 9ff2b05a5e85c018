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
}

/** Gives the event loop (and PGlite's one connection) to requests between batches. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
