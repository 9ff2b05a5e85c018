import type {
  AddCardBody,
  ContractAnswer,
  ContractCreateBody,
  ContractUpdateBody,
  InvoiceAnswer,
  InvoiceCreateBody,
  InvoicePayBody,
  InvoiceStatus,
  InvoiceTotals,
  PaymentCardAnswer,
} from '@opsuite/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { contactRecordKey, contactsKey, isNotRecord } from '../../app/contact-keys';
import { newRequestKey } from './billing-http';

// Contracts, invoices and payment cards of one contact.
// Every contract or invoice write answers the contact's new plan and payment status, so the
// contact, the lists that filter on them and the counts are reloaded with it.

export type Contract = ContractAnswer;
export type Invoice = InvoiceAnswer;
export type PaymentCard = PaymentCardAnswer;
export type { InvoiceStatus, InvoiceTotals };

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
/** A card does not change the plan or the payment status: its answers carry no billing state. */
type CardSaved = Omit<Saved<PaymentCard>, 'billing'>;
interface Removed {
  success: true;
  message: string;
  billing: BillingState;
}

/** Invoices: page 1, page size 10; contracts: page 1, page size 20. */
export const INVOICE_PAGE_SIZE = 10;
export const CONTRACT_PAGE_SIZE = 20;

export function useContracts(contactId: string, page = 1) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: [...contactRecordKey(orgId, contactId, 'contracts'), page],
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
    queryKey: [...contactRecordKey(orgId, contactId, 'invoices'), page, status],
    queryFn: () =>
      api.get<InvoicePage>(`/contact-invoice/${contactId}`, {
        query: { page, pageSize: INVOICE_PAGE_SIZE, status: status ?? undefined },
      }),
    enabled: Boolean(orgId && contactId),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** After a billing write: the contact's records, the contact itself, the lists and the counts. */
function useBillingReload(contactId: string) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return () => {
    for (const what of ['contracts', 'invoices', 'invoice', 'activity']) {
      void queryClient.invalidateQueries({ queryKey: contactRecordKey(orgId, contactId, what) });
    }
    void queryClient.invalidateQueries({ queryKey: contactsKey(orgId), predicate: isNotRecord });
    void queryClient.invalidateQueries({ queryKey: ['billing', orgId] });
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
        api.put<Saved<Invoice>>(`${base}/${id}/${action}`, body ?? {}, {
          // Paying may charge a card: a retry of this same click must not charge it again.
          headers: action === 'pay' ? { 'Idempotency-Key': newRequestKey() } : undefined,
        }),
      // A refused card still records the attempt: the lists reload either way.
      onSettled: reload,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<Removed>(`${base}/${id}`),
      onSuccess: reload,
      meta: quiet,
    }),
  };
}

/** The contact's cards on file, as last saved from the card provider. */
export function usePaymentCards(contactId: string) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: contactRecordKey(orgId, contactId, 'payment-cards'),
    queryFn: () => api.get<{ list: PaymentCard[] }>(`/payment/cards/${contactId}`),
    select: (answer) => answer.list,
    enabled: Boolean(orgId && contactId),
    meta: quiet,
    retry: false,
  });
}

export function usePaymentCardMutations(contactId: string) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: contactRecordKey(orgId, contactId, 'payment-cards') });
    // Card changes are written to the activity timeline too.
    void queryClient.invalidateQueries({ queryKey: contactRecordKey(orgId, contactId, 'activity') });
  };
  const path = `/payment/cards/${contactId}`;
  return {
    add: useMutation({
      mutationFn: (card: AddCardBody) => api.post<CardSaved>(path, card),
      onSuccess: reload,
      meta: quiet,
    }),
    makeDefault: useMutation({
      mutationFn: (card: PaymentCard) => api.put<CardSaved>(path, { cardId: card._id, isDefault: true }),
      onSuccess: reload,
      meta: quiet,
    }),
    remove: useMutation({
      mutationFn: (card: PaymentCard) =>
        api.delete<{ success: true; message: string }>(`${path}/${card._id}`),
      onSuccess: reload,
      meta: quiet,
    }),
  };
}
