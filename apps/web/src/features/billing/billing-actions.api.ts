import type {
  AuthorizationAnswer,
  AuthorizationSignBody,
  ContractAnswer,
  InvoiceDetail,
  InvoiceRefundBody,
} from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { contactRecordKey, contactsKey, isNotRecord } from '../../app/contact-keys';
import type { BillingState, Invoice } from './billing.api';
import { newRequestKey } from './billing-http';

// One invoice with its charge attempts, charging and refunding it; a contract's freeze, thaw and
// cancellation; its payment authorization; and what the card form needs from the server.

interface Saved<T> {
  success: true;
  message: string;
  data: T;
  billing: BillingState;
}

export interface PaymentConfig {
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
  showTestCards: boolean;
}

const quiet = { errorToast: false } as const;

/** After a payment or a contract change: the contact's records, the contact, the lists, the overview. */
function useReload(contactId: string) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return () => {
    for (const what of ['contracts', 'invoices', 'invoice', 'activity', 'authorization']) {
      void queryClient.invalidateQueries({ queryKey: contactRecordKey(orgId, contactId, what) });
    }
    void queryClient.invalidateQueries({ queryKey: contactsKey(orgId), predicate: isNotRecord });
    void queryClient.invalidateQueries({ queryKey: ['billing', orgId] });
  };
}

export function useInvoiceDetail(contactId: string, invoiceId: string | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: [...contactRecordKey(orgId, contactId, 'invoice'), invoiceId],
    queryFn: () =>
      api.get<{ data: InvoiceDetail; billing: BillingState }>(`/contact-invoice/${contactId}/${invoiceId}`),
    select: (answer) => answer.data,
    enabled: Boolean(orgId && contactId && invoiceId),
    meta: quiet,
  });
}

export function useInvoicePayments(contactId: string) {
  const reload = useReload(contactId);
  const base = `/contact-invoice/${contactId}`;
  return {
    /** "Charge now" and "Retry": the named card, or the default one. */
    charge: useMutation({
      mutationFn: ({ invoice, cardId }: { invoice: Invoice; cardId?: string }) =>
        api.post<Saved<Invoice>>(`${base}/${invoice._id}/charge`, cardId ? { cardId } : {}, {
          headers: { 'Idempotency-Key': newRequestKey() },
        }),
      onSettled: reload,
      meta: quiet,
    }),
    refund: useMutation({
      mutationFn: ({ invoice, body }: { invoice: Invoice; body: InvoiceRefundBody }) =>
        api.put<Saved<Invoice>>(`${base}/${invoice._id}/refund`, body),
      onSettled: reload,
      meta: quiet,
    }),
  };
}

export function useContractActions(contactId: string) {
  const reload = useReload(contactId);
  const base = `/contact-contract/${contactId}`;
  const freeze = useMutation({
    mutationFn: ({ contract, until }: { contract: ContractAnswer; until: string }) =>
      api.post<Saved<ContractAnswer>>(`${base}/${contract._id}/freeze`, { until }),
    onSettled: reload,
    meta: quiet,
  });
  const thaw = useMutation({
    mutationFn: (contract: ContractAnswer) => api.post<Saved<ContractAnswer>>(`${base}/${contract._id}/thaw`),
    onSettled: reload,
    meta: quiet,
  });
  const cancel = useMutation({
    mutationFn: (contract: ContractAnswer) =>
      api.post<Saved<ContractAnswer>>(`${base}/${contract._id}/cancel`),
    onSettled: reload,
    meta: quiet,
  });
  return { freeze, thaw, cancel };
}

export function useAuthorization(contactId: string, contractId: string | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: [...contactRecordKey(orgId, contactId, 'authorization'), contractId],
    queryFn: () => api.get<AuthorizationAnswer>(`/contact-contract/${contactId}/${contractId}/authorization`),
    enabled: Boolean(orgId && contactId && contractId),
    meta: quiet,
  });
}

export function useSignAuthorization(contactId: string) {
  const reload = useReload(contactId);
  return useMutation({
    mutationFn: ({ contractId, body }: { contractId: string; body: AuthorizationSignBody }) =>
      api.post<{ success: true; message: string; data: AuthorizationAnswer }>(
        `/contact-contract/${contactId}/${contractId}/authorization`,
        body,
      ),
    onSuccess: reload,
    meta: quiet,
  });
}

/** Which provider collects cards, and whether the sandbox's test cards may be listed. */
export function usePaymentConfig() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: ['billing', orgId, 'config'],
    queryFn: () => api.get<PaymentConfig>('/payment/config'),
    enabled: Boolean(orgId),
    staleTime: 10 * 60_000,
    retry: false,
    meta: quiet,
  });
}
