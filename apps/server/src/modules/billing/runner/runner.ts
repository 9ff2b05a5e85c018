import type { BillingRunCounts } from '@opsuite/shared';
import type { Database } from '../../../db/client.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import { PeriodicJob } from '../../../lib/periodic-job.ts';
import { sweepBillingStates } from '../billing-state.ts';
import { chargeDueInvoices } from './charge-due.ts';
import { issueDueInvoices } from './issue.ts';
import { sendQueuedMails } from './mail-sender.ts';
import { recoverPending } from './recover.ts';
import { paced, type RunDeps, type RunScope, yieldToRequests } from './run-scope.ts';
import { thawDueFreezes } from './thaw.ts';

// The billing job runner: thaws freezes that have ended, issues the invoices whose day has come
// in each organisation's zone, charges them (and the dunning retries due), finishes payments a
// crash left pending, sends the queued e-mails, and sweeps what time alone changes (past due,
// ended contracts). It keeps no state of its own between runs (that is all in the rows), so a
// crash loses nothing and any number of processes can run it at once. Every step goes in
// batches of short transactions and yields between them.

export interface RunOptions {
  now?: Date;
  organizationId?: string;
  contractId?: string;
  /** The whole round (recovery, e-mails, the state sweep); a run kicked by a request skips them. */
  full?: boolean;
}

export interface RunStatus {
  running: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  counts: BillingRunCounts | null;
  error: string | null;
}

export const BATCH_SIZE = 500;
/** The state sweep reads every organisation's late invoices: every 10 minutes is soon enough. */
const SWEEP_EVERY_MS = 10 * 60_000;

export class BillingRunner {
  private readonly job: PeriodicJob;
  /** Runs started by hand for one organisation (the "Run billing now" call), by organisation. */
  private readonly manual = new Map<string, RunStatus>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private sweptAt = 0;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly deps: RunDeps,
    log: { error(obj: unknown, msg: string): void },
    everyMs = 60_000,
  ) {
    this.job = new PeriodicJob('billing run', () => this.run({ full: true }), log, everyMs);
  }

  start(firstDelayMs = 5_000): void {
    this.job.start(firstDelayMs);
  }

  async stop(): Promise<void> {
    await this.job.stop();
    await Promise.all([...this.inFlight]);
  }

  async run(options: RunOptions = {}): Promise<BillingRunCounts> {
    const scope: RunScope = {
      now: options.now ?? new Date(),
      organizationId: options.organizationId,
      contractId: options.contractId,
      batchSize: BATCH_SIZE,
    };
    const counts: BillingRunCounts = {
      thawed: 0,
      issued: 0,
      charged: 0,
      succeeded: 0,
      failed: 0,
      recovered: 0,
    };
    for (let more = true; more; await yieldToRequests()) {
      const step = await thawDueFreezes(this.db, scope);
      counts.thawed += step.thawed;
      more = step.more;
    }
    const busy = this.deps.busy ?? (() => false);
    for (let more = true; more; ) {
      const step = await paced(scope, busy, (sized) => issueDueInvoices(this.db, sized));
      counts.issued += step.issued;
      more = step.more;
    }
    for (let more = true; more; ) {
      const step = await paced(scope, busy, (sized) => chargeDueInvoices(this.db, this.deps, sized));
      counts.charged += step.charged;
      counts.succeeded += step.succeeded;
      counts.failed += step.failed;
      more = step.more;
    }
    if (options.full) {
      counts.recovered = await recoverPending(this.db, this.deps, scope);
      while ((await sendQueuedMails(this.db, this.mailer)) > 0) await yieldToRequests();
      if (Date.now() - this.sweptAt >= SWEEP_EVERY_MS) {
        await sweepBillingStates(this.db);
        this.sweptAt = Date.now();
      }
    }
    return counts;
  }

  /** Starts a run for one organisation in the background; one at a time per organisation. */
  startFor(organizationId: string, log: { error(obj: unknown, msg: string): void }): RunStatus {
    const current = this.manual.get(organizationId);
    if (current?.running) return current;
    const status: RunStatus = {
      running: true,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      counts: null,
      error: null,
    };
    this.manual.set(organizationId, status);
    const work = this.run({ organizationId })
      .then((counts) => {
        status.counts = counts;
      })
      .catch((err: unknown) => {
        status.error = err instanceof Error ? err.message : String(err);
        log.error({ err }, 'billing run failed');
      })
      .finally(() => {
        status.running = false;
        status.finishedAt = new Date().toISOString();
        this.inFlight.delete(work);
      });
    this.inFlight.add(work);
    return status;
  }

  statusOf(organizationId: string): RunStatus {
    return (
      this.manual.get(organizationId) ?? {
        running: false,
        startedAt: null,
        finishedAt: null,
        counts: null,
        error: null,
      }
    );
  }
}
