import type { BillingAddressInput, ContactCreateBody, ContactUpdateBody } from '@opsuite/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { contactsKey } from '../../app/contact-keys';
import { compactQuery, type QueryValue } from './contact-filters';
import type {
  Contact,
  ContactCounts,
  ContactListPage,
  CountResult,
  DuplicateGroup,
  MutationResult,
  PickerPage,
} from './contacts.types';

// TanStack Query hooks of the contacts calls. Every key starts with
// ['contacts', organisationId] so one invalidation reloads every list after a change.

export const contactKeys = {
  all: contactsKey,
  list: (orgId: string | undefined, query: Record<string, string | number>) =>
    ['contacts', orgId, 'list', query] as const,
  counts: (orgId: string | undefined) => ['contacts', orgId, 'counts'] as const,
  filteredTotal: (orgId: string | undefined, query: Record<string, string | number>) =>
    ['contacts', orgId, 'filtered-total', query] as const,
  detail: (orgId: string | undefined, id: string) => ['contacts', orgId, 'detail', id] as const,
  search: (orgId: string | undefined, path: string, q: string) =>
    ['contacts', orgId, 'search', path, q] as const,
  duplicates: (orgId: string | undefined) => ['contacts', orgId, 'duplicates'] as const,
};

export function useContactList(query: Record<string, QueryValue>) {
  const orgId = useOrganizationId();
  const compact = compactQuery(query);
  return useQuery({
    queryKey: contactKeys.list(orgId, compact),
    queryFn: ({ signal }) => api.get<ContactListPage>('/contact/get', { query: compact, signal }),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

export function useContactCounts() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: contactKeys.counts(orgId),
    queryFn: () => api.get<ContactCounts>('/contact/get-total'),
    enabled: Boolean(orgId),
  });
}

export function useFilteredTotal(query: Record<string, QueryValue>) {
  const orgId = useOrganizationId();
  const compact = compactQuery(query);
  return useQuery({
    queryKey: contactKeys.filteredTotal(orgId, compact),
    queryFn: ({ signal }) =>
      api.get<{ total: number; capped: boolean }>('/contact/get-filtered-total', { query: compact, signal }),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string | undefined) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: contactKeys.detail(orgId, id ?? ''),
    queryFn: () => api.get<Contact>(`/contact/getById/${id}`),
    enabled: Boolean(orgId && id),
  });
}

/** One page of a picker search (contact/search-name, page size 10 by default). */
export function searchContacts(
  path: string,
  q: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  staff = false,
): Promise<PickerPage> {
  return api.get<PickerPage>(path, {
    query: { q, page, pageSize, ...(staff ? { staff: 'true' } : {}) },
    signal,
  });
}

/** Reloads every contacts list, total and picker search of the organisation. */
export function useReloadContacts() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: contactKeys.all(orgId) });
}

const quiet = { errorToast: false } as const;

export function useCreateContact() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: (body: ContactCreateBody) => api.post<MutationResult<Contact>>('/contact/add', body),
    onSuccess: () => reload(),
    meta: quiet,
  });
}

export function useUpdateContact() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContactUpdateBody }) =>
      api.put<MutationResult<Contact>>(`/contact/update/${id}`, body),
    onSuccess: () => reload(),
    meta: quiet,
  });
}

/** billing-address/{id}: the contact's billing address on its own. */
export function useUpdateBillingAddress() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: ({ id, address }: { id: string; address: BillingAddressInput }) =>
      api.put<MutationResult<Contact>>(`/contact/billing-address/${id}`, address),
    onSuccess: () => reload(),
    meta: quiet,
  });
}

export function useDeleteContacts() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: ({ ids, source }: { ids: string[]; source: string }) =>
      api.delete<CountResult>('/contact/delete', { ids, source }),
    onSuccess: () => reload(),
    meta: quiet,
  });
}

export type MassMoveTarget = { contactTypeId: string } | { stageId: string };

export function useMassMove() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: ({ ids, target }: { ids: string[]; target: MassMoveTarget }) =>
      api.put<CountResult>('/contact/mass-move', { ids, ...target }),
    onSuccess: () => reload(),
    meta: quiet,
  });
}

export function useBulkTagsLeadSource() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: (body: { ids: string[]; tagIds?: string[]; leadSourceId?: string }) =>
      api.put<CountResult>('/contact/bulk-add-tags-leadsource', body),
    onSuccess: () => reload(),
    meta: quiet,
  });
}

export function useDuplicates(enabled: boolean) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: contactKeys.duplicates(orgId),
    queryFn: () =>
      api.get<{ list: DuplicateGroup[]; pagination: { hasMore: boolean } }>('/contact/duplicate', {
        query: { by: 'any', page: 0, pageSize: 50 },
      }),
    enabled: Boolean(orgId) && enabled,
  });
}

/**
 * contact/merge: the kept (primary) contact takes over the duplicates' notes, files,
 * activities, tags and bookings; the duplicates are deleted.
 */
export function useMergeContacts() {
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: (body: { primaryId: string; duplicateIds: string[] }) =>
      api.post<MutationResult<Contact>>('/contact/merge', body),
    onSuccess: () => reload(),
    meta: quiet,
  });
}
