import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../db/client.ts';

// How an import shares the database. PGlite runs one transaction at a time for the whole process,
// so while an import's transaction runs every other request waits; the import yields between its
// transactions, and requests that arrived meanwhile go first:
// - its transactions are sized to take about 30 ms: the number of rows follows the time the last
//   one took (Pace), so a busy machine gets smaller ones and an idle one fewer, larger ones. The
//   rows a client sends are stored that way (import.service.ts) and, on PGlite, worked through so;
// - PGlite has no autovacuum, so nothing ever gathers the planner's statistics there. As an
//   import grows the contacts table, the planner still takes it for empty, and each batch's
//   look-ups (saved e-mails and phones, the stored answers its triggers write) scan the whole
//   organisation: batches grow longer with every one (at 50,000 contacts over 150 ms instead of
//   40). The worker refreshes the statistics of the tables it writes each time its imports have
//   doubled them, from a small sample, so that each refresh takes tens of milliseconds.
// On PostgreSQL other requests have their own connections, the worker's batches are a fixed 1,000
// rows, and autovacuum keeps the statistics. On both, the search indexes' pending entries are
// merged once an import ends.

const TARGET_MS = 30;

/** A number of rows per transaction that follows how long the last full one took. */
export class Pace {
  constructor(
    private rows: number,
    private readonly min: number,
    private readonly max: number,
  ) {}

  get size(): number {
    return this.rows;
  }

  /** A transaction of `rows` rows took `elapsedMs`: the size of the next one. */
  observe(rows: number, elapsedMs: number): void {
    if (rows < this.rows) return; // a short last one says nothing about the pace
    const next = (this.rows * TARGET_MS) / Math.max(elapsedMs, 1);
    // At most halved or doubled at a time: one slow transaction (a busy moment) is no trend.
    const bounded = Math.max(this.rows / 2, Math.min(next, this.rows * 2));
    this.rows = Math.round(Math.min(this.max, Math.max(this.min, bounded)));
  }
}

/** Rows a client sends are stored this many at a time at first (import.service.ts). */
export const storePace = () => new Pace(500, 100, 5_000);

const POSTGRES_BATCH = 1_000;

const ANALYZED = sql.raw('contacts, contact_answers, contact_tags, contact_activities, followup_notes');
/** Rows sampled per table: 300 times this. Enough for the planner to pick the right indexes. */
const SAMPLE_TARGET = 3;
const FIRST_ANALYZE_AT = 1_000;

export class ImportPacing {
  private readonly pace: Pace | null;
  private readonly fixed: number;
  private created = 0;
  private analyzeAt = FIRST_ANALYZE_AT;
  private readonly embedded: boolean;

  /** `fixedSize`: always batches of this many rows (tests). */
  constructor(
    private readonly database: DatabaseHandle,
    fixedSize?: number,
    private readonly log?: { error(obj: object, msg?: string): void },
  ) {
    this.embedded = database.kind === 'pglite';
    this.pace = this.embedded && fixedSize === undefined ? new Pace(200, 50, 1_000) : null;
    this.fixed = fixedSize ?? POSTGRES_BATCH;
  }

  /** Rows in the next batch. */
  get batchSize(): number {
    return this.pace?.size ?? this.fixed;
  }

  /** After a committed batch: the next batch's size, and the statistics when they are due. */
  async afterBatch(rows: number, created: number, elapsedMs: number): Promise<void> {
    if (!this.embedded) return;
    this.pace?.observe(rows, elapsedMs);
    this.created += created;
    if (this.created < this.analyzeAt) return;
    this.analyzeAt = this.created * 2;
    await this.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(SAMPLE_TARGET))}`);
        await tx.execute(sql`analyze ${ANALYZED}`);
      })
      .catch((err) => this.log?.error({ err }, 'import worker: refreshing statistics failed'));
  }

  /**
   * New entries of the contacts' GIN (search) indexes wait in pending lists that every search
   * reads; merging them once an import ends keeps searches fast straight away.
   */
  async afterImport(): Promise<void> {
    await this.database
      .query(
        `select gin_clean_pending_list(i.indexrelid) from pg_index i
         join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
         where i.indrelid = 'contacts'::regclass and a.amname = 'gin'`,
      )
      .catch((err) => this.log?.error({ err }, 'import worker: merging search index entries failed'));
  }
}
