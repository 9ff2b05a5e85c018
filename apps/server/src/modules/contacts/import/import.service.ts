import type { ImportJobAnswer, ImportOptions, ImportRowError } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { assertLookupsExist, assertTypeChange } from '../access.ts';
import type { PreparedRow } from './rows.ts';

// Accepting an import (the rows and the job, stored in one transaction) and reading its status.
// The work itself is done by the import worker (worker.ts).

/** Rows are stored in chunks of this many, each one statement with one JSON parameter. */
const STORE_CHUNK = 5_000;

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

export async function acceptImport(tx: Tx, ctx: RequestContext, input: NewImport): Promise<ImportJobAnswer> {
  const orgId = ctx.organizationId;
  await assertImportOptions(tx, ctx, input.options);
  const jobId = newId();
  await tx.execute(sql`
    insert into import_jobs (organization_id, id, source, file_name, options, total, created_by)
    values (${orgId}, ${jobId}, ${input.source}, ${input.fileName}, ${JSON.stringify(input.options)}::jsonb,
            ${input.rows.length}, ${ctx.userId})`);
  for (let start = 0; start < input.rows.length; start += STORE_CHUNK) {
    const chunk = input.rows.slice(start, start + STORE_CHUNK).map((r) => ({
      row_no: r.rowNo,
      data: r.data,
      outcome: r.outcome,
      reason: r.reason,
      match_row: r.matchRow,
    }));
    await tx.execute(sql`
      insert into import_job_rows (organization_id, job_id, row_no, data, outcome, reason, match_row)
      select ${orgId}, ${jobId}, x.row_no, x.data, x.outcome, x.reason, x.match_row
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as x(row_no int, data jsonb, outcome text, reason text, match_row int)`);
  }
  return importStatus(tx, orgId, jobId, { page: 1, pageSize: 100 });
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
