import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import type { QueryValue } from './contact-filters';
import type { ImportRow } from './contact-import';
import { useReloadContacts } from './contacts.api';
import type { ImportJob, ImportRejectedRow, ImportStatus } from './contacts.types';
import { authorizedFetch, downloadName, saveBlob } from './contacts-http';

// Import (core §4: idle → processing → success) and export (a CSV download) of contacts.

export const IMPORT_PATH = '/contact/import-contact-array';
/** While the server works in the background the job is read again at this path + /{importId}. */
export const IMPORT_POLL_MS = 1000;

const num = (...values: unknown[]): number | undefined =>
  values.find((v): v is number => typeof v === 'number' && Number.isFinite(v));

function rejectedOf(value: unknown): ImportRejectedRow[] {
  if (!Array.isArray(value)) return [];
  return value.map((item, index) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const row = num(
      entry.row,
      entry.rowNumber,
      typeof entry.index === 'number' ? entry.index + 1 : undefined,
    );
    const reason = [entry.reason, entry.message, entry.error].find((v) => typeof v === 'string');
    return { row: row ?? index + 1, reason: (reason as string | undefined) ?? 'Rejected' };
  });
}

/** Reads the server's answer leniently: field names of the counts vary between APIs. */
export function toImportJob(answer: unknown, sent: number): ImportJob {
  const raw = (answer ?? {}) as Record<string, unknown>;
  const body = (raw.data && typeof raw.data === 'object' ? raw.data : raw) as Record<string, unknown>;
  const rejected = rejectedOf(body.rejected ?? body.rejectedRows ?? body.errors);
  const importId = [body.importId, body.jobId, body._id, body.id].find((v) => typeof v === 'string') as
    | string
    | undefined;
  const given = typeof body.status === 'string' ? body.status.toLowerCase() : '';
  const status: ImportStatus =
    given === 'processing' || given === 'pending' || given === 'running' || given === 'queued'
      ? 'processing'
      : given === 'failed' || given === 'error'
        ? 'failed'
        : given === 'idle'
          ? 'idle'
          : importId && given === ''
            ? 'processing'
            : 'success';
  const total = num(body.total, body.totalRows) ?? sent;
  const imported = num(body.imported, body.accepted, body.created, body.inserted, body.successCount) ?? 0;
  const duplicates = num(body.duplicates, body.duplicateCount, body.skipped) ?? 0;
  const rejectedCount = num(body.rejectedCount, body.failedCount) ?? rejected.length;
  const processed =
    num(body.processed, body.done) ??
    (status === 'success' ? total : Math.min(total, imported + duplicates + rejectedCount));
  return { importId: importId ?? null, status, total, processed, imported, duplicates, rejected };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the rows in one call, then follows the background job until it ends. `onProgress` sees
 * every state so the progress bar can move.
 */
export async function runImport(
  rows: ImportRow[],
  fileName: string,
  onProgress: (job: ImportJob) => void,
): Promise<ImportJob> {
  let job = toImportJob(await api.post(IMPORT_PATH, { contacts: rows, fileName }), rows.length);
  onProgress(job);
  while (job.status === 'processing' && job.importId) {
    await wait(IMPORT_POLL_MS);
    job = toImportJob(await api.get(`${IMPORT_PATH}/${job.importId}`), rows.length);
    onProgress(job);
  }
  return job;
}

export function useImportContacts(onProgress: (job: ImportJob) => void) {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: ({ rows, fileName }: { rows: ImportRow[]; fileName: string }) =>
      runImport(rows, fileName, onProgress),
    onSettled: () => reload(),
    meta: { errorToast: false },
  });
}

/** contact/export: the contacts matching the filters as a CSV file. */
export async function exportContacts(filters: Record<string, QueryValue>): Promise<string> {
  const response = await authorizedFetch('/contact/export', { query: filters });
  const stamp = new Date().toISOString().slice(0, 10);
  const name = downloadName(response, `contacts-${stamp}.csv`);
  saveBlob(await response.blob(), name);
  return name;
}

export function useExportContacts() {
  return useMutation({
    mutationFn: exportContacts,
    meta: { errorToast: false },
  });
}
