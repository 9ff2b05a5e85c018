import { randomBytes } from 'node:crypto';
import type { ImportOptions } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenant.ts';
import { AppError } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';
import { failUpload, nextTurn, UPLOAD_LEASE } from './import.service.ts';
import { ImportPacing } from './pacing.ts';
import type { ImportCandidate } from './rows.ts';
import { type RowResult, writeCandidates } from './writer.ts';

/*
 * The import worker: runs in the API process and works through import jobs kept in the database.
 *
 * - A job is claimed with FOR UPDATE SKIP LOCKED and held by a lease (`locked_by`,
 *   `locked_until`) that every batch renews; a job whose lease has lapsed (its worker died) is
 *   claimed again by any worker. With PGlite only one process can open the database, so at start-up
 *   a job still marked as processing is taken over at once.
 * - Jobs take turns: after a few batches a job is handed back and the job advanced least recently
 *   is claimed next, so a small import is not stuck behind a large one.
 * - Each batch of rows is one transaction: it locks the job row, checks the lease is still ours,
 *   writes the contacts, and moves the job's counters and `processed` forward. A crash loses at most
 *   the batch in flight, which is rolled back and done again; a row is never imported twice.
 * - Between batches the worker yields (setImmediate), so on PGlite, where every transaction waits
 *   for the one before it, requests that arrived meanwhile run before the next batch.
 * - A job still leased to its upload (import.service.ts) is not started; one whose upload stopped
 *   half-way is failed when claimed, with nothing imported.
 */

export interface ImportWorkerOptions {
  batchSize?: number;
  leaseMs?: number;
  pollMs?: number;
  /** Failed attempts at one batch before the job is marked failed. */
  maxAttempts?: number;
  /** Claim jobs still leased by a previous process on the first poll (PGlite: single process). */
  takeOverOnStart?: boolean;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

interface ClaimedJob {
  organization_id: string;
  id: string;
  /** Who held the job before this claim: an upload that never finished storing its rows? */
  was: string | null;
}

interface LockedJob {
  total: number;
  processed: number;
  created_by: string | null;
  options: ImportOptions | string;
}

interface Batch {
  state: 'more' | 'done' | 'lost';
  rows: number;
  created: number;
  took: number;
}

interface JobRowData {
  row_no: number;
  data: ImportCandidate | string;
  outcome: 'duplicate' | 'rejected' | null;
}

/** Batches a worker runs on one job before it lets the least recently advanced job go next. */
const TURN_BATCHES = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export class ImportWorker {
  readonly id = `import-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private stopped = true;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private readonly pacing: ImportPacing;
  private wake: (() => void) | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly opts: ImportWorkerOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 1000;
    this.maxAttempts = opts.maxAttempts ?? 3;
    this.pacing = new ImportPacing(database, opts.batchSize, opts.log);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.loop = this.run();
  }

  /** A job was just accepted: look now instead of at the next poll. */
  nudge(): void {
    this.wake?.();
  }

  /** Finishes the batch in flight, hands the lease back, and stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * Claims and works through jobs until none is left (tests and scripts); answers how many it
   * took. `maxBatches` stops after that many batches keeping the lease, as a dying process would.
   */
  async drain(opts: { takeOver?: boolean; maxBatches?: number } = {}): Promise<number> {
    let n = 0;
    for (let job = await this.claim(!!opts.takeOver); job; job = await this.claim(false)) {
      n += 1;
      if (!(await this.process(job, opts.maxBatches))) break;
    }
    return n;
  }

  private async run(): Promise<void> {
    let first = true;
    while (!this.stopped) {
      let job: ClaimedJob | null = null;
      try {
        job = await this.claim(first && !!this.opts.takeOverOnStart);
        first = false;
      } catch (err) {
        this.opts.log?.error({ err }, 'import worker: claiming a job failed');
      }
      if (job) {
        // A turn of a few batches, then the job goes back so other imports move too.
        await this.process(job, TURN_BATCHES)
          .then((finished) => (finished ? undefined : this.release(job)))
          .catch((err) => this.opts.log?.error({ err }, 'import worker: job stopped'));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async claim(takeOver: boolean): Promise<ClaimedJob | null> {
    const records = await this.database.query<ClaimedJob>(
      `update import_jobs j set locked_by = $1, locked_until = now() + make_interval(secs => $2), updated_at = now()
       from (select organization_id, id, locked_by from import_jobs
             where status = 'processing'
               and ($3 or locked_by is null or locked_until < now() or locked_by = $1)
             order by updated_at, created_at limit 1 for update skip locked) c
       where j.organization_id = c.organization_id and j.id = c.id
       returning j.organization_id, j.id, c.locked_by as was`,
      [this.id, this.leaseMs / 1000, takeOver],
    );
    return records[0] ?? null;
  }

  /** Works through one job; answers false when it stopped early (maxBatches) holding the lease. */
  private async process(job: ClaimedJob, maxBatches = Number.POSITIVE_INFINITY): Promise<boolean> {
    if (job.was?.startsWith(UPLOAD_LEASE)) {
      // Its upload stopped half-way (the process died): none of it is imported.
      await withTenant(this.database.db, job.organization_id, (tx) =>
        failUpload(tx, job.organization_id, job.id),
      );
      return true;
    }
    this.opts.log?.info({ jobId: job.id }, 'import worker: processing');
    for (let batches = 0; ; ) {
      if (batches >= maxBatches) return false;
      if (this.stopping) {
        await this.release(job);
        return false;
      }
      try {
        const { state, rows, created, took } = await withTenant(this.database.db, job.organization_id, (tx) =>
          this.batch(tx, job),
        );
        batches += 1;
        await this.pacing.afterBatch(rows, created, took);
        if (state === 'done') await this.pacing.afterImport();
        if (state !== 'more') return true;
        await nextTurn();
      } catch (err) {
        if (err instanceof AppError) {
          await this.fail(job, err.message);
          return true;
        }
        const attempts = await this.recordFailure(job, err);
        if (attempts >= this.maxAttempts) {
          await this.fail(job, 'The import stopped after repeated errors; the rows before it were imported.');
          return true;
        }
        await sleep(200 * attempts);
      }
    }
  }

  /**
   * One batch in one transaction; answers whether more rows are left (or that the job is not
   * ours), with how many rows it read, how many contacts it created and how long it took (its
   * own time, not its wait for the connection: on PGlite, behind other requests).
   */
  private async batch(tx: Tx, job: ClaimedJob): Promise<Batch> {
    const started = performance.now();
    const orgId = job.organization_id;
    const [locked] = await rows<LockedJob>(
      tx,
      sql`select total, processed, created_by, options from import_jobs
          where organization_id = ${orgId} and id = ${job.id} and status = 'processing' and locked_by = ${this.id}
          for update`,
    );
    if (!locked) return { state: 'lost', rows: 0, created: 0, took: 0 };
    const records = await rows<JobRowData>(
      tx,
      sql`select row_no, data, outcome from import_job_rows
          where organization_id = ${orgId} and job_id = ${job.id} and row_no > ${locked.processed}
          order by row_no limit ${this.pacing.batchSize}`,
    );
    const candidates = records
      .filter((r) => r.outcome === null)
      .map((r) => ({ rowNo: r.row_no, value: parsed<ImportCandidate>(r.data) }));
    const results = await writeCandidates(
      tx,
      {
        organizationId: orgId,
        userId: locked.created_by,
        options: parsed<ImportOptions>(locked.options),
        activity: {
          kind: 'contact.imported',
          title: 'Contact imported',
          data: (row) => ({ importId: job.id, row }),
        },
      },
      candidates,
    );
    await this.saveRefused(tx, job, results);
    const count = (outcome: string) =>
      records.filter((r) => r.outcome === outcome).length +
      results.filter((r) => r.outcome === outcome).length;
    const processed = records.length > 0 ? records[records.length - 1]!.row_no : locked.total;
    const done = processed >= locked.total;
    const finish = done
      ? sql`status = 'success', finished_at = now(), locked_by = null, locked_until = null`
      : sql`locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})`;
    await tx.execute(sql`
      update import_jobs set processed = ${processed}, created = created + ${count('created')},
        duplicates = duplicates + ${count('duplicate')}, rejected = rejected + ${count('rejected')},
        attempts = 0, last_error = null, updated_at = now(), ${finish}
      where organization_id = ${orgId} and id = ${job.id}`);
    // The created rows are contacts now; only the refused ones stay, as the job's report.
    await tx.execute(sql`delete from import_job_rows
      where organization_id = ${orgId} and job_id = ${job.id} and row_no > ${locked.processed}
        and row_no <= ${processed} and outcome is null`);
    const took = performance.now() - started;
    return { state: done ? 'done' : 'more', rows: records.length, created: count('created'), took };
  }

  /** Duplicates and refusals found against saved contacts join the job's report. */
  private async saveRefused(tx: Tx, job: ClaimedJob, results: RowResult[]): Promise<void> {
    const refused = results
      .filter((r) => r.outcome !== 'created')
      .map((r) => ({ row_no: r.rowNo, outcome: r.outcome, reason: r.reason, match: r.matchContactId }));
    if (refused.length === 0) return;
    await tx.execute(sql`
      update import_job_rows r set outcome = x.outcome, reason = x.reason, match_contact_id = x.match
      from jsonb_to_recordset(${JSON.stringify(refused)}::jsonb) as x(row_no int, outcome text, reason text, match uuid)
      where r.organization_id = ${job.organization_id} and r.job_id = ${job.id} and r.row_no = x.row_no`);
  }

  private async recordFailure(job: ClaimedJob, err: unknown): Promise<number> {
    this.opts.log?.error({ err, jobId: job.id }, 'import worker: batch failed');
    const message = err instanceof Error ? err.message : String(err);
    const records = await this.database.query<{ attempts: number }>(
      `update import_jobs set attempts = attempts + 1, last_error = $3, updated_at = now()
       where organization_id = $1 and id = $2 returning attempts`,
      [job.organization_id, job.id, message.slice(0, 500)],
    );
    return records[0]?.attempts ?? this.maxAttempts;
  }

  private async fail(job: ClaimedJob, message: string): Promise<void> {
    await this.database.query(
      `update import_jobs set status = 'failed', last_error = $3, finished_at = now(), updated_at = now(),
         locked_by = null, locked_until = null
       where organization_id = $1 and id = $2 and status = 'processing'`,
      [job.organization_id, job.id, message],
    );
  }

  private async release(job: ClaimedJob): Promise<void> {
    await this.database
      .query(
        `update import_jobs set locked_by = null, locked_until = null
         where organization_id = $1 and id = $2 and locked_by = $3`,
        [job.organization_id, job.id, this.id],
      )
      .catch(() => undefined);
  }
}
