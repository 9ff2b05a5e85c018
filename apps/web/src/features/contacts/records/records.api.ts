import type { ContactQualification } from '@opsuite/shared';
import { ACTIVITIES_PAGINATION } from '@opsuite/shared/rules/pagination';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useOrganizationId } from '../../../app/auth-store';
import { contactRecordKey } from '../../../app/contact-keys';
import { authorizedFetch, postForm, saveBlob } from '../../../app/files';
import type {
  BirthdayStatistics,
  ContactActivity,
  ContactFile,
  ContactFilePage,
  FamilyMember,
  FollowupNote,
  MutationResult,
  ProgressionStatistics,
  RetentionStatistics,
} from '../contacts.types';

// What accumulates around one contact: follow-up notes, the activity timeline, family links,
// files, rank qualification and the statistics views.

interface RecordPage<T> {
  list: T[];
  pagination: { page: number; limit: number; hasMore: boolean };
}

/** Page 1, then "load more" appends the next page (activities page 1, limit 10). */
function usePagedRecords<T>(what: string, path: string, contactId: string, limit: number) {
  const orgId = useOrganizationId();
  return useInfiniteQuery({
    queryKey: contactRecordKey(orgId, contactId, what),
    queryFn: ({ pageParam }) => api.get<RecordPage<T>>(path, { query: { page: pageParam, limit } }),
    initialPageParam: ACTIVITIES_PAGINATION.page as number,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    enabled: Boolean(orgId && contactId),
  });
}

export function useActivities(contactId: string) {
  return usePagedRecords<ContactActivity>(
    'activity',
    `/contact-activity/${contactId}`,
    contactId,
    ACTIVITIES_PAGINATION.limit,
  );
}

export function useNotes(contactId: string) {
  return usePagedRecords<FollowupNote>('notes', `/followup_note/get/${contactId}`, contactId, 20);
}

function useRecordReload(contactId: string) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return (what: string) => {
    void queryClient.invalidateQueries({ queryKey: contactRecordKey(orgId, contactId, what) });
    // Notes, files and family changes are written to the activity timeline too.
    void queryClient.invalidateQueries({ queryKey: contactRecordKey(orgId, contactId, 'activity') });
  };
}

export function useNoteMutations(contactId: string) {
  const reload = useRecordReload(contactId);
  const meta = { errorToast: false } as const;
  return {
    add: useMutation({
      mutationFn: (note: string) =>
        api.post<MutationResult<FollowupNote>>('/followup_note/add', { contactId, note }),
      onSuccess: () => reload('notes'),
      meta,
    }),
    update: useMutation({
      mutationFn: ({ id, note }: { id: string; note: string }) =>
        api.put<MutationResult<FollowupNote>>(`/followup_note/update/${id}`, { note }),
      onSuccess: () => reload('notes'),
      meta,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<{ message: string }>(`/followup_note/remove/${id}`),
      onSuccess: () => reload('notes'),
      meta,
    }),
  };
}

export function useFamily(contactId: string) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: contactRecordKey(orgId, contactId, 'family'),
    // Without an id the family is simply empty.
    queryFn: () =>
      contactId
        ? api.get<{ list: FamilyMember[] }>(`/contact/family/${contactId}`)
        : Promise.resolve({ list: [] }),
    select: (answer) => answer.list,
    enabled: Boolean(orgId),
  });
}

export function useFamilyMutations(contactId: string) {
  const reload = useRecordReload(contactId);
  const meta = { errorToast: false } as const;
  return {
    add: useMutation({
      mutationFn: ({ memberContactId, relation }: { memberContactId: string; relation: string | null }) =>
        api.post<MutationResult<FamilyMember>>('/contact/family', { contactId, memberContactId, relation }),
      onSuccess: () => reload('family'),
      meta,
    }),
    remove: useMutation({
      mutationFn: (linkId: string) => api.delete<{ message: string }>(`/contact/family/${linkId}`),
      onSuccess: () => reload('family'),
      meta,
    }),
  };
}

/** Files: page 1, page size 50; "load more" reads the next pages. */
export const FILES_PAGINATION = { page: 1, pageSize: 50 } as const;

export function useContactFiles(contactId: string) {
  const orgId = useOrganizationId();
  return useInfiniteQuery({
    queryKey: contactRecordKey(orgId, contactId, 'files'),
    queryFn: ({ pageParam }) =>
      api.get<ContactFilePage>(`/contact-file/${contactId}`, {
        query: { page: pageParam, pageSize: FILES_PAGINATION.pageSize },
      }),
    initialPageParam: FILES_PAGINATION.page as number,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    enabled: Boolean(orgId && contactId),
    meta: { errorToast: false },
    retry: false,
  });
}

export function useFileMutations(contactId: string) {
  const reload = useRecordReload(contactId);
  const meta = { errorToast: false } as const;
  return {
    upload: useMutation({
      mutationFn: ({ file, kind, fileName }: { file: Blob; kind: string; fileName: string }) => {
        const form = new FormData();
        form.append('kind', kind);
        form.append('fileName', fileName);
        form.append('file', file, fileName);
        return postForm<MutationResult<ContactFile>>(`/contact-file/${contactId}`, form);
      },
      onSuccess: () => reload('files'),
      meta,
    }),
    remove: useMutation({
      mutationFn: (file: ContactFile) =>
        api.delete<{ message: string; count: number }>(`/contact-file/${contactId}`, {
          fileIds: [file.fileId],
        }),
      onSuccess: () => reload('files'),
      meta,
    }),
  };
}

/** Where the contact stands against the next rank's requirements. */
export function useQualification(contactId: string) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: contactRecordKey(orgId, contactId, 'qualification'),
    queryFn: () => api.get<ContactQualification>(`/contact-qualification/${contactId}`),
    enabled: Boolean(orgId && contactId),
    meta: { errorToast: false },
    retry: false,
  });
}

/** The organisation's figures the retention, birthday and progression views put a contact in. */
function useStatistics<T>(path: string, query: Record<string, string | number | undefined>, enabled = true) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: ['contacts', orgId, 'statistics', path, query],
    queryFn: () => api.get<T>(`/contact/${path}`, { query }),
    enabled: Boolean(orgId) && enabled,
    meta: { errorToast: false },
    retry: false,
  });
}

export const useRetentionStatistics = () => useStatistics<RetentionStatistics>('retention-statistics', {});

/** Birthdays of one month (1-12), first page of 50. */
export const useBirthdayStatistics = (month: number) =>
  useStatistics<BirthdayStatistics>('getBirthdayStatisticsData', { month, page: 0, pageSize: 50 });

export const useProgressionStatistics = (categoryId: string | undefined) =>
  useStatistics<ProgressionStatistics>('getProgressionStatisticsData', { categoryId }, Boolean(categoryId));

/** Files are served at their `url` with the bearer token, so a plain link cannot fetch them. */
export async function downloadContactFile(file: ContactFile): Promise<void> {
  const response = await authorizedFetch(file.url.replace(/^\/api/, ''));
  saveBlob(await response.blob(), file.fileName);
}
