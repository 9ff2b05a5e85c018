import type {
  BillingEmailAnswer,
  BillingRunCounts,
  BillingSettingsBody,
  FinanceStatsAnswer,
  InvoiceStatsAnswer,
  PastDueItem,
} from '@opsuite/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useOrganizationId } from '../../../app/auth-store';
import type { Pagination } from '../billing.api';

// The billing overview's calls: statistics, the past-due list, the billing e-mails, the
// organisation's billing settings, and running billing now.

const quiet = { errorToast: false } as const;
const key = (orgId: string | undefined, ...rest: unknown[]) => ['billing', orgId, ...rest] as const;

export function useInvoiceStats() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: key(orgId, 'invoice-stats'),
    queryFn: () => api.get<InvoiceStatsAnswer>('/contact-invoice/statistics'),
    enabled: Boolean(orgId),
    meta: quiet,
  });
}

export function useFinanceStats() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: key(orgId, 'finance-stats'),
    queryFn: () => api.get<FinanceStatsAnswer>('/payment/statistics'),
    enabled: Boolean(orgId),
    meta: quiet,
  });
}

export function usePastDue(page: number) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: key(orgId, 'past-due', page),
    queryFn: () =>
      api.get<{ list: PastDueItem[]; totalCents: number; pagination: Pagination }>(
        '/contact-invoice/past-due',
        {
          query: { page, pageSize: 10 },
        },
      ),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
    meta: quiet,
  });
}

export function useBillingEmails(page: number) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: key(orgId, 'emails', page),
    queryFn: () =>
      api.get<{ list: BillingEmailAnswer[]; pagination: Pagination }>('/payment/emails', {
        query: { page, pageSize: 10 },
      }),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
    meta: quiet,
  });
}

export function useBillingSettings() {
  const orgId = useOrganizationId();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: key(orgId, 'settings'),
    queryFn: () => api.get<BillingSettingsBody>('/payment/settings'),
    enabled: Boolean(orgId),
    meta: quiet,
  });
  const save = useMutation({
    mutationFn: (body: BillingSettingsBody) =>
      api.put<{ success: true; message: string; data: BillingSettingsBody }>('/payment/settings', body),
    onSuccess: (answer) => queryClient.setQueryData(key(orgId, 'settings'), answer.data),
    meta: quiet,
  });
  return { settings, save };
}

export interface RunStatus {
  running: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  counts: BillingRunCounts | null;
  error: string | null;
}

/** "Run billing now": starts a run for the organisation and follows it until it ends. */
export function useBillingRun() {
  const orgId = useOrganizationId();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: key(orgId, 'run'),
    queryFn: () => api.get<RunStatus>('/payment/run'),
    enabled: Boolean(orgId),
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
    meta: quiet,
  });
  const start = useMutation({
    mutationFn: () => api.post<RunStatus>('/payment/run'),
    onSuccess: (answer) => queryClient.setQueryData(key(orgId, 'run'), answer),
    meta: quiet,
  });
  const wasRunning = status.data?.running;
  return { status, start, wasRunning };
}
