import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, tenantKey, tenantReference, updatedAt } from '../../../db/columns.ts';
import { userReference } from '../../auth/auth.tables.ts';
import { tenantColumn } from '../../organizations/organizations.tables.ts';

// The contact import as a table-backed job. The rows a client sends are
// stored with the job before it is answered, a chunk per transaction while the upload holds the
// job's lease, so nothing accepted is ever lost and a half-stored job is never imported; a worker
// then works through them in batches, each committed together with the job's counters.

/**
 * One import. `processed` is the row number the committed batches have reached: a worker that
 * resumes (after a crash, or when the lease of a dead worker lapses) starts after it.
 * `locked_by`/`locked_until` are the lease of the worker processing it, renewed every batch (or,
 * while its rows are being stored, of the upload: `upload:` and the job id).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    status: text('status').notNull().default('processing'),
    source: text('source').notNull().default('json'),
    fileName: text('file_name'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: instant('locked_until'),
    /** Failed attempts at the current batch; the job fails after a few in a row. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdBy: userReference('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    tenantKey(t, t.id),
    check('import_jobs_status_ck', sql`${t.status} in ('processing', 'success', 'failed')`),
    check('import_jobs_source_ck', sql`${t.source} in ('csv', 'json')`),
    check('import_jobs_progress_ck', sql`${t.processed} between 0 and ${t.total}`),
    // The worker's claim looks only at unfinished jobs.
    index('import_jobs_open_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`),
    index('import_jobs_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The rows of an import as sent (normalised), numbered from 1 in file order. `outcome` and
 * `reason` are set for rows that were not created (duplicate or rejected); rows found invalid or
 * repeated inside the file get them when the job is accepted, the others when their batch runs.
 * Created rows are removed when the job succeeds; the refused ones stay as its error report.
 */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    organizationId: uuid('organization_id').notNull(),
    jobId: uuid('job_id').notNull(),
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    outcome: text('outcome'),
    reason: text('reason'),
    /** The existing contact this row duplicates, or the earlier row of the same file. */
    matchContactId: uuid('match_contact_id'),
    matchRow: integer('match_row'),
  },
  (t) => [
    tenantKey(t, t.jobId, t.rowNo),
    tenantReference(t, t.jobId, importJobs).onDelete('cascade'),
    check('import_job_rows_outcome_ck', sql`${t.outcome} in ('duplicate', 'rejected')`),
    index('import_job_rows_refused_idx')
      .on(t.organizationId, t.jobId, t.rowNo)
      .where(sql`${t.outcome} is not null`),
  ],
);
