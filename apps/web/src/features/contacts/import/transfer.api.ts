import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useOrganizationId } from '../../../app/auth-store';
import { authorizedFetch, downloadName, saveBlob } from '../../../app/files';
import type { QueryValue } from '../contact-filters';
import { useReloadContacts } from '../contacts.api';
import type { ImportJob } from '../contacts.types';
import type { ImportRow } from './import-file';

// Import (idle → processing → success) and export (a CSV download) of contacts.

export const IMPORT_PATH = '/contact/import-contact-array';
/** While the server works in the background the job is read again at this path + /{jobId}. */
export const IMPORT_POLL_MS = 1000;
/** Rows not imported are read this many at a time (the server allows up to 500). */
export const IMPORT_ERRORS_PAGE_SIZE = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job with one page of its duplicate and rejected rows (page counts from 1). */
export function fetchImportJob(jobId: string, page = 1): Promise<ImportJob> {
  return api.get<ImportJob>(`${IMPORT_PATH}/${jobId}`, {
    query: { page, pageSize: IMPORT_ERRORS_PAGE_SIZE },
  });
}

/**
 * Posts the rows in one call, then follows the background job until it ends. `onProgress` sees
 * every state so the progress bar can move.
 */
export async function runImport(
  rows: ImportRow[],
  fileName: string,
  onProgress: (job: ImportJob) => void,
): Promise<ImportJob> {
  let job = await api.post<ImportJob>(IMPORT_PATH, { contacts: rows, fileName });
  onProgress(job);
  while (job.status === 'processing' && job.jobId) {
    await wait(IMPORT_POLL_MS);
    job = await fetchImportJob(job.jobId);
    onProgress(job);
  }
  return job;
}

/**
 * One page of a finished job's refused rows. Page 1 comes with the job itself; the others are
 * read on demand and never change once the job has ended.
 */
export function useImportErrors(job: ImportJob, page: number) {
  const orgId = useOrganizationId();
  const jobId = job.jobId ?? '';
  return useQuery({
    queryKey: ['contacts', orgId, 'import-errors', jobId, page],
    queryFn: () => fetchImportJob(jobId, page),
    select: (answer) => ({ errors: answer.errors, errorsPage: answer.errorsPage }),
    initialData: page === 1 && job.errorsPage.page === 1 ? job : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    enabled: Boolean(orgId && jobId),
    meta: { errorToast: false },
  });
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
