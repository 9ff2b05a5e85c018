import type {
  ContactQualification,
  ContractAnswer,
  ContractCreateBody,
  ContractUpdateBody,
  InvoiceAnswer,
  InvoiceCreateBody,
  InvoicePayBody,
  InvoiceStatus,
  InvoiceTotals,
  RankRequirementsBody,
} from '@opsuite/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { settingsKeys } from './contact-settings.api';
import { contactKeys, useOrganizationId } from './contacts.api';

// Contracts, invoices and rank qualification of one contact (core §2 contact views). Every
// billing write answers the contact's new plan and payment status, so the contact, the lists
// that filter on them and the counts are reloaded with it.

export type Contract = ContractAnswer;
export type Invoice = InvoiceAnswer;
export type { ContactQualification, InvoiceStatus, InvoiceTotals };

export interface BillingState {
  plan: string | null;
  paymentStatus: 'none' | 'past_due' | 'frozen';
}
export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
export interface ContractPage {
  list: Contract[];
  pagination: Pagination;
  billing: BillingState;
}
export interface InvoicePage {
  list: Invoice[];
  totals: InvoiceTotals;
  pagination: Pagination;
  billing: BillingState;
}
interface Saved<T> {
  success: true;
  message: string;
  data: T;
  billing: BillingState;
}
interface Removed {
  success: true;
  message: string;
  billing: BillingState;
}

/** Invoices: page 1, page size 10; contracts: page 1, page size 20. */
export const INVOICE_PAGE_SIZE = 10;
export const CONTRACT_PAGE_SIZE = 20;

const keys = {
  of: (orgId: string | undefined, contactId: string, what: string) =>
    ['contacts', orgId, 'records', contactId, what] as const,
};

export function useContracts(contactId: string, page = 1) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: [...keys.of(orgId, contactId, 'contracts'), page],
    queryFn: () =>
      api.get<ContractPage>(`/contact-contract/${contactId}`, {
        query: { page, pageSize: CONTRACT_PAGE_SIZE },
      }),
    enabled: Boolean(orgId && contactId),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useInvoices(contactId: string, page: number, status: InvoiceStatus | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: [...keys.of(orgId, contactId, 'invoices'), page, status],
    queryFn: () =>
      api.get<InvoicePage>(`/contact-invoice/${contactId}`, {
        query: { page, pageSize: INVOICE_PAGE_SIZE, status: status ?? undefined },
      }),
    enabled: Boolean(orgId && contactId),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useQualification(contactId: string) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: keys.of(orgId, contactId, 'qualification'),
    queryFn: () => api.get<ContactQualification>(`/contact-qualification/${contactId}`),
    enabled: Boolean(orgId && contactId),
    meta: { errorToast: false },
    retry: false,
  });
}

/** After a billing write: the contact's records, the contact itself, the lists and the counts. */
function useBillingReload(contactId: string) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return () => {
    for (const what of ['contracts', 'invoices', 'activity']) {
      void queryClient.invalidateQueries({ queryKey: keys.of(orgId, contactId, what) });
    }
    void queryClient.invalidateQueries({
      queryKey: contactKeys.all(orgId),
      predicate: (query) => query.queryKey[2] !== 'records',
    });
  };
}

const quiet = { errorToast: false } as const;

export function useContractMutations(contactId: string) {
  const reload = useBillingReload(contactId);
  const base = `/contact-contract/${contactId}`;
  return {
    add: useMutation({
      mutationFn: (body: ContractCreateBody) => api.post<Saved<Contract>>(base, body),
      onSuccess: reload,
      meta: quiet,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ContractUpdateBody }) =>
        api.put<Saved<Contract>>(`${base}/${id}`, body),
      onSuccess: reload,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<Removed>(`${base}/${id}`),
      onSuccess: reload,
      meta: quiet,
    }),
  };
}

export type InvoiceAction = 'pay' | 'refund' | 'forfeit';

export function useInvoiceMutations(contactId: string) {
  const reload = useBillingReload(contactId);
  const base = `/contact-invoice/${contactId}`;
  return {
    add: useMutation({
      mutationFn: (body: InvoiceCreateBody) => api.post<Saved<Invoice>>(base, body),
      onSuccess: reload,
      meta: quiet,
    }),
    change: useMutation({
      mutationFn: ({ id, action, body }: { id: string; action: InvoiceAction; body?: InvoicePayBody }) =>
        api.put<Saved<Invoice>>(`${base}/${id}/${action}`, body ?? {}),
      onSuccess: reload,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<Removed>(`${base}/${id}`),
      onSuccess: reload,
      meta: quiet,
    }),
  };
}

/**
 * Every contact's qualification, keys.of(org, contactId, 'qualification'): a rank's requirements
 * change them all.
 */
const isQualification = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[2] === 'records' && query.queryKey[4] === 'qualification';

/** Sets a rank's requirements from any screen: reloads the ranks list and every qualification. */
export function useRankRequirements() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: ({ rankId, body }: { rankId: string; body: RankRequirementsBody }) =>
      api.put<{ success: true; message: string }>(`/client-ranks/requirements/${rankId}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.list(orgId, 'client-ranks') });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all(orgId), predicate: isQualification });
    },
    meta: quiet,
  });
}
