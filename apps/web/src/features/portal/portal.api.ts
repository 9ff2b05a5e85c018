import type {
  AddCardBody,
  ContractAnswer,
  InvoiceAnswer,
  InvoiceStatus,
  PaymentCardAnswer,
  PortalBooking,
  PortalClass,
  PortalMe,
  PortalMember,
  PortalProfileBody,
  PortalWaitlistEntry,
  PortalWaitPlace,
} from '@opsuite/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';

// The member portal's calls (contracts/portal.ts), as TanStack Query hooks. Every key starts with
// ['portal', organisationId], so a write reloads everything the portal shows at once: a booking
// changes the seats, the member's bookings and their place in line together.

export interface Saved<T> {
  success: true;
  message: string;
  data: T;
}
export interface ClassList {
  from: string;
  to: string;
  list: PortalClass[];
}
export interface MyBookings {
  upcoming: PortalBooking[];
  waitlist: PortalWaitlistEntry[];
}
export interface History {
  list: PortalBooking[];
  pagination: { page: number; pageSize: number; total: number };
  counts: { checkedIn: number; noShow: number; lateCancel: number };
}
export interface Family {
  list: {
    _id: string;
    relation: string | null;
    contact: { _id: string; fullName: string; photo: string | null };
  }[];
}
export interface PaymentConfig {
  provider: string;
  publishableKey: string | null;
  showTestCards: boolean;
}
export type { ContractAnswer, InvoiceAnswer, InvoiceStatus, PaymentCardAnswer };

export const portalKeys = {
  all: (orgId: string | undefined) => ['portal', orgId] as const,
  me: (orgId: string | undefined) => ['portal', orgId, 'me'] as const,
  classes: (orgId: string | undefined, from: string | null) => ['portal', orgId, 'classes', from] as const,
  bookings: (orgId: string | undefined) => ['portal', orgId, 'bookings'] as const,
  history: (orgId: string | undefined, pageSize: number) => ['portal', orgId, 'history', pageSize] as const,
  contracts: (orgId: string | undefined) => ['portal', orgId, 'contracts'] as const,
  invoices: (orgId: string | undefined) => ['portal', orgId, 'invoices'] as const,
  cards: (orgId: string | undefined) => ['portal', orgId, 'cards'] as const,
  family: (orgId: string | undefined) => ['portal', orgId, 'family'] as const,
  paymentConfig: (orgId: string | undefined) => ['portal', orgId, 'payment-config'] as const,
};

// Seats, places in line and invoices also change without the member (a classmate cancels, the
// billing run charges): the portal reads again when its window comes back into view.
function usePortalQuery<T>(key: readonly unknown[], path: string, query?: Record<string, string | number>) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<T>(path, query ? { query } : undefined),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
}

/** Marks everything the portal shows as stale (opening another place reads it again). */
export function useRefreshPortal() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return () => void queryClient.invalidateQueries({ queryKey: portalKeys.all(orgId) });
}

export function usePortalMe() {
  return usePortalQuery<PortalMe>(portalKeys.me(useOrganizationId()), '/portal/me');
}

/** A week of classes from `from` (the organisation's today when null). */
export function usePortalClasses(from: string | null) {
  return usePortalQuery<ClassList>(
    portalKeys.classes(useOrganizationId(), from),
    '/portal/classes',
    from ? { from } : undefined,
  );
}

export function useMyBookings() {
  return usePortalQuery<MyBookings>(portalKeys.bookings(useOrganizationId()), '/portal/bookings');
}

export function useHistory(pageSize: number) {
  return usePortalQuery<History>(portalKeys.history(useOrganizationId(), pageSize), '/portal/history', {
    pageSize,
  });
}

export function useMyContracts() {
  return usePortalQuery<{ list: ContractAnswer[] }>(
    portalKeys.contracts(useOrganizationId()),
    '/portal/contracts',
  );
}

export function useMyInvoices() {
  return usePortalQuery<{ list: InvoiceAnswer[] }>(
    portalKeys.invoices(useOrganizationId()),
    '/portal/invoices',
    {
      pageSize: 50,
    },
  );
}

export function useMyCards() {
  return usePortalQuery<{ list: PaymentCardAnswer[] }>(
    portalKeys.cards(useOrganizationId()),
    '/portal/cards',
  );
}

export function useFamily() {
  return usePortalQuery<Family>(portalKeys.family(useOrganizationId()), '/portal/family');
}

export function usePaymentConfig() {
  return usePortalQuery<PaymentConfig>(portalKeys.paymentConfig(useOrganizationId()), '/payment/config');
}

/** A portal write: its success text as a toast (closing after 1 second), then everything reloads. */
function usePortalWrite<V, T extends { message: string }>(send: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: portalKeys.all(orgId) });
    },
  });
}

export const useBookClass = () =>
  usePortalWrite((slotId: string) => api.post<Saved<PortalBooking>>(`/portal/classes/${slotId}/book`));

export const useCancelBooking = () =>
  usePortalWrite((bookingId: string) => api.delete<Saved<PortalBooking>>(`/portal/bookings/${bookingId}`));

export const useJoinWaitlist = () =>
  usePortalWrite((slotId: string) =>
    api.post<Saved<PortalWaitPlace & { slotId: string }>>(`/portal/classes/${slotId}/waitlist`),
  );

export const useLeaveWaitlist = () =>
  usePortalWrite((slotId: string) =>
    api.delete<{ success: true; message: string }>(`/portal/classes/${slotId}/waitlist`),
  );

/** `attempt` names one payment attempt: sent again (a retry after a lost answer) it pays once. */
export const usePayInvoice = () =>
  usePortalWrite(({ invoiceId, cardId, attempt }: { invoiceId: string; cardId?: string; attempt: string }) =>
    api.post<Saved<InvoiceAnswer>>(`/portal/invoices/${invoiceId}/pay`, cardId ? { cardId } : {}, {
      headers: { 'Idempotency-Key': attempt },
    }),
  );

export const useMakeDefaultCard = () =>
  usePortalWrite((cardId: string) => api.put<Saved<PaymentCardAnswer>>(`/portal/cards/${cardId}/default`));

export const useRemoveCard = () =>
  usePortalWrite((cardId: string) =>
    api.delete<{ success: true; message: string }>(`/portal/cards/${cardId}`),
  );

export function useAddCard() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: (body: AddCardBody) => api.post<Saved<PaymentCardAnswer>>('/portal/cards', body),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: portalKeys.all(orgId) });
    },
    // The form shows the card's refusal beside its fields.
    meta: { errorToast: false },
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: (body: PortalProfileBody) => api.put<Saved<PortalMember>>('/portal/profile', body),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: portalKeys.all(orgId) });
    },
    meta: { errorToast: false },
  });
}
