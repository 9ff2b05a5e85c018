import { z } from 'zod';
import { idSchema } from './common.ts';
import { contactStatus, pageNumber, pageSizeNumber } from './contact-inputs.ts';

// Contact import (idle → processing → success) and the synchronous bulk creations
// (addBulk, addBulkLeads, contact-bulk-create, add-buyer), which share its de-duplication rules.

export const IMPORT_MAX_ROWS = 100_000;
export const CONTACT_BULK_CREATE_MAX = 500;
export const IMPORT_ERRORS_PAGE_MAX = 500;

/**
 * One row as read from the file. Rows are checked one by one on the server, so one bad row is
 * reported with its reason instead of refusing the whole file. Known keys: fullName (or name),
 * firstName, lastName, email, phone, status (active/inactive), isFormer, paymentStatus, plan,
 * birthday (YYYY-MM-DD), punchId, tags (names, as a list or "a; b"), leadSource, stage and
 * contactType (names), note, billingAddress {street, street2, city, state, zip, country}.
 */
export const importRow = z
  .unknown()
  .describe('A contact row (an object); unknown keys are ignored, each row is checked on its own');
export type ImportRowInput = z.infer<typeof importRow>;

/** Applied to every row (a row's own value wins where it names one). */
export const importOptions = z.object({
  contactTypeId: idSchema.optional(),
  tagIds: z.array(idSchema).max(20).optional(),
  leadSourceId: idSchema.optional(),
  stageId: idSchema.optional(),
  status: contactStatus.optional(),
});
export type ImportOptions = z.infer<typeof importOptions>;

const rowsOf = (max: number) =>
  z
    .array(importRow)
    .min(1, { message: 'There are no rows to import' })
    .max(max, { message: `At most ${max.toLocaleString('en-US')} rows at once` });

const hasRows = (b: { rows?: unknown; contacts?: unknown }) =>
  b.rows !== undefined || b.contacts !== undefined;

/** import-contact-array: `rows` (or `contacts`, as the web client names them). */
export const importContactsBody = z
  .object({
    rows: rowsOf(IMPORT_MAX_ROWS).optional(),
    contacts: rowsOf(IMPORT_MAX_ROWS).optional(),
    source: z.enum(['csv', 'json']).optional(),
    fileName: z.string().trim().max(255).optional(),
    options: importOptions.optional(),
  })
  .refine(hasRows, { message: 'There are no rows to import', path: ['rows'] });
export type ImportContactsBody = z.infer<typeof importContactsBody>;

export const IMPORT_STATUSES = ['idle', 'processing', 'success', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importJobParams = z.object({ jobId: idSchema });
export const importStatusQuery = z.object({
  page: pageNumber(1, 1),
  pageSize: pageSizeNumber(100, IMPORT_ERRORS_PAGE_MAX),
});

/** A row that was not created: a duplicate (of an earlier row or an existing contact) or rejected. */
export const importRowError = z.object({
  row: z.number(),
  kind: z.enum(['duplicate', 'rejected']),
  reason: z.string(),
  /** The existing contact a duplicate matches. */
  contactId: idSchema.nullable(),
  /** The earlier row of the same file a duplicate repeats. */
  duplicateOfRow: z.number().nullable(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importJobAnswer = z.object({
  jobId: idSchema.nullable(),
  status: z.enum(IMPORT_STATUSES),
  source: z.enum(['csv', 'json']).nullable(),
  fileName: z.string().nullable(),
  total: z.number(),
  processed: z.number(),
  created: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
  /** One page of the duplicate and rejected rows processed so far, in row order. */
  errors: z.array(importRowError),
  errorsPage: z.object({ page: z.number(), pageSize: z.number(), total: z.number(), hasMore: z.boolean() }),
  /** Why a failed job stopped. */
  message: z.string().nullable(),
  createdAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobAnswer = z.infer<typeof importJobAnswer>;

/** addBulk, addBulkLeads, contact-bulk-create: up to 500 rows, created at once. */
export const bulkCreateBody = z
  .object({
    rows: rowsOf(CONTACT_BULK_CREATE_MAX).optional(),
    contacts: rowsOf(CONTACT_BULK_CREATE_MAX).optional(),
    options: importOptions.optional(),
  })
  .refine(hasRows, { message: 'There are no rows to import', path: ['rows'] });
export type BulkCreateBody = z.infer<typeof bulkCreateBody>;

export const bulkRowResult = z.object({
  row: z.number(),
  outcome: z.enum(['created', 'duplicate', 'rejected']),
  contactId: idSchema.nullable(),
  reason: z.string().nullable(),
  duplicateOfRow: z.number().nullable(),
});
export const bulkCreateAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
  results: z.array(bulkRowResult),
});
export type BulkCreateAnswer = z.infer<typeof bulkCreateAnswer>;
