import type { ImportJobAnswer, ImportOptions, ImportRowError } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { assertLookupsExist, assertTypeChange } from '../access.ts';
import { storePace } from './pacing.ts';
import type { PreparedRow } from './rows.ts';

// Accepting an import (the job and its rows, stored in short transactions) and reading its status.
// The work itself is done by the import worker (worker.ts).

/**
 * While its rows are being stored a job is leased to the upload (`locked_by` = `upload:` and the
 * job's id, renewed with every chunk), so no worker starts on it. A job found still leased to an
 * upload that stopped (the process died, or no chunk came for this long) is failed by the worker
 * that claims it, with nothing imported.
 */
export const UPLOAD_LEASE = 'upload:';
const UPLOAD_LEASE_S = 300;
export const UPLOAD_STOPPED =
  'The upload stopped before every row was stored; nothing was imported. Import the file again.';

/** Runs `fn` in a transaction of the request's organisation (req.tenant). */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Lets other requests reach the database between two transactions (PGlite runs one at a time). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface NewImport {
  rows: PreparedRow[];
  source: 'csv' | 'json';
  fileName: string | null;
  options: ImportOptions;
}

/** The options name lookups of this organisation, and only an admin may hand out admin types. */
export async function assertImportOptions(
  tx: Tx,
  ctx: RequestContext,
  options: ImportOptions,
): Promise<void> {
  const orgId = ctx.organizationId;
  await assertLookupsExist(tx, orgId, [
    { table: 'tags', ids: options.tagIds ?? [], field: 'options.tagIds' },
    {
      table: 'lead_sources',
      ids: options.leadSourceId ? [options.leadSourceId] : [],
      field: 'options.leadSourceId',
    },
    { table: 'stages', ids: options.stageId ? [options.stageId] : [], field: 'options.stageId' },
  ]);
  if (options.contactTypeId) await assertTypeChange(tx, ctx, orgId, [], options.contactTypeId);
}

async function storeRows(tx: Tx, orgId: string, jobId: string, chunk: PreparedRow[]): Promise<void> {
  const data = chunk.map((r) => ({
    row_no: r.rowNo,
    data: r.data,
    outcome: r.outcome,
    reason: r.reason,
    match_row: r.matchRow,
  }));
  await tx.execute(sql`
    insert into import_job_rows (organization_id, job_id, row_no, data, outcome, reason, match_row)
    select ${orgId}, ${jobId}, x.row_no, x.data, x.outcome, x.reason, x.match_row
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
      as x(row_no int, data jsonb, outcome text, reason text, match_row int)`);
}

/** Renews the upload's lease (or, with `release`, hands the job to the workers); false if it was lost. */
async function holdUpload(tx: Tx, orgId: string, jobId: string, release = false): Promise<boolean> {
  const held = await rows<{ id: string }>(
    tx,
    sql`update import_jobs set ${
      release
        ? sql`locked_by = null, locked_until = null, updated_at = now()`
        : sql`locked_until = now() + make_interval(secs => ${UPLOAD_LEASE_S})`
    } where organization_id = ${orgId} and id = ${jobId} and status = 'processing'
        and locked_by = ${UPLOAD_LEASE + jobId} returning id`,
  );
  return held.length > 0;
}

/**
 * Stores the job and its rows a chunk per transaction, yielding between them, so a large file
 * never holds the database (PGlite: the only connection) for long; workers see the job only once
 * every row is stored. Answers the job as accepted.
 */
export async function acceptImport(
  run: TenantRun,
  ctx: RequestContext,
  input: NewImport,
): Promise<ImportJobAnswer> {
  const orgId = ctx.organizationId;
  const jobId = newId();
  // Chunks sized to take about 30 ms each (pacing.ts), each a transaction with one JSON parameter.
  const pace = storePace();
  const store = async (tx: Tx, start: number) => {
    const began = performance.now();
    const chunk = input.rows.slice(start, start + pace.size);
    await storeRows(tx, orgId, jobId, chunk);
    pace.observe(chunk.length, performance.now() - began);
    return start + chunk.length;
  };
  let next = await run(async (tx) => {
    await assertImportOptions(tx, ctx, input.options);
    await tx.execute(sql`
      insert into import_jobs (organization_id, id, source, file_name, options, total, created_by,
        locked_by, locked_until)
      values (${orgId}, ${jobId}, ${input.source}, ${input.fileName}, ${JSON.stringify(input.options)}::jsonb,
              ${input.rows.length}, ${ctx.userId}, ${UPLOAD_LEASE + jobId},
              now() + make_interval(secs => ${UPLOAD_LEASE_S}))`);
    return store(tx, 0);
  });
  try {
    while (next < input.rows.length) {
      await nextTurn();
      const from = next;
      next = await run(async (tx) => {
        if (!(await holdUpload(tx, orgId, jobId))) throw new AppError('INTERNAL', UPLOAD_STOPPED);
        return store(tx, from);
      });
    }
    await nextTurn();
    return await run(async (tx) => {
      if (!(await holdUpload(tx, orgId, jobId, true))) throw new AppError('INTERNAL', UPLOAD_STOPPED);
      return importStatus(tx, orgId, jobId, { page: 1, pageSize: 100 });
    });
  } catch (err) {
    // Nothing of a job whose rows are not all stored is ever imported.
    await run((tx) => failUpload(tx, orgId, jobId)).catch(() => undefined);
    throw err;
  }
}

/** A job whose upload stopped: failed with nothing imported, and its stored rows dropped. */
export async function failUpload(tx: Tx, orgId: string, jobId: string): Promise<void> {
  await tx.execute(sql`
    update import_jobs set status = 'failed', last_error = ${UPLOAD_STOPPED}, finished_at = now(),
      updated_at = now(), locked_by = null, locked_until = null
    where organization_id = ${orgId} and id = ${jobId} and status = 'processing'`);
  await tx.execute(sql`delete from import_job_rows where organization_id = ${orgId} and job_id = ${jobId}`);
}

interface JobRow {
  id: string;
  status: 'processing' | 'success' | 'failed';
  source: 'csv' | 'json';
  file_name: string | null;
  total: number;
  processed: number;
  created: number;
  duplicates: number;
  rejected: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

interface ErrorRow {
  row_no: number;
  outcome: 'duplicate' | 'rejected';
  reason: string;
  match_contact_id: string | null;
  match_row: number | null;
}

const idle = (page: number, pageSize: number): ImportJobAnswer => ({
  jobId: null,
  status: 'idle',
  source: null,
  fileName: null,
  total: 0,
  processed: 0,
  created: 0,
  duplicates: 0,
  rejected: 0,
  errors: [],
  errorsPage: { page, pageSize, total: 0, hasMore: false },
  message: null,
  createdAt: null,
  finishedAt: null,
});

/**
 * A job's progress with one page of its refused rows (those processed so far, in row order).
 * Without a job id: the organisation's latest import, or `idle` when there has been none.
 */
export async function importStatus(
  tx: Tx,
  orgId: string,
  jobId: string | null,
  paging: { page: number; pageSize: number },
): Promise<ImportJobAnswer> {
  const [job] = await rows<JobRow>(
    tx,
    sql`select id, status, source, file_name, total, processed, created, duplicates, rejected, last_error,
          ${isoText(sql`created_at`)} as created_at, ${isoText(sql`finished_at`)} as finished_at
        from import_jobs where organization_id = ${orgId} ${jobId ? sql`and id = ${jobId}` : sql``}
        order by created_at desc, id desc limit 1`,
  );
  if (!job) {
    if (jobId) throw notFound('Import');
    return idle(paging.page, paging.pageSize);
  }
  const { page, pageSize } = paging;
  const refused = await rows<ErrorRow>(
    tx,
    sql`select row_no, outcome, reason, match_contact_id, match_row from import_job_rows
        where organization_id = ${orgId} and job_id = ${job.id} and outcome is not null
          and row_no <= ${job.processed}
        order by row_no limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  const errors: ImportRowError[] = refused.slice(0, pageSize).map((r) => ({
    row: r.row_no,
    kind: r.outcome,
    reason: r.reason,
    contactId: r.match_contact_id,
    duplicateOfRow: r.outcome === 'duplicate' ? r.match_row : null,
  }));
  return {
    jobId: job.id,
    status: job.status,
    source: job.source,
    fileName: job.file_name,
    total: job.total,
    processed: job.processed,
    created: job.created,
    duplicates: job.duplicates,
    rejected: job.rejected,
    errors,
    errorsPage: { page, pageSize, total: job.duplicates + job.rejected, hasMore: refused.length > pageSize },
    message: job.status === 'failed' ? job.last_error : null,
    createdAt: job.created_at,
    finishedAt: job.finished_at,
  };
}
