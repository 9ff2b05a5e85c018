import {
  type DailyTipsAnswer,
  type DailyTipsBody,
  TIPS_TEXT,
  type TipLocationAnswer,
  type TipPoolAnswer,
  type TipPoolBody,
  type TipPoolListAnswer,
  type TipRoleAnswer,
  type TipShareAnswer,
  type TipShareQuery,
  type TipSyncAnswer,
  type TipSyncBody,
} from '@opsuite/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useOrganizationId } from '../../../app/auth-store';
import { toast, toastFailure } from '../../../app/toast';
import { payrollKeys } from '../payroll.api';

// Tip calls: locations, roles, daily tips, tip pools, the tip share and the POS sync. They sit
// under the payroll keys, so a tip change also reads the pending payroll (card tips) again.

/** Tip pool rows per page. */
export const TIP_POOL_PAGE_SIZE = 10;

export interface DateRange {
  startDate: string;
  endDate: string;
}

export const tipKeys = {
  all: (orgId: string | undefined) => [...payrollKeys.all(orgId), 'tips'] as const,
  locations: (orgId: string | undefined) => [...tipKeys.all(orgId), 'locations'] as const,
  roles: (orgId: string | undefined) => [...tipKeys.all(orgId), 'roles'] as const,
  daily: (orgId: string | undefined, range: DateRange | null) =>
    [...tipKeys.all(orgId), 'daily', range] as const,
  pools: (orgId: string | undefined) => [...tipKeys.all(orgId), 'pools'] as const,
  poolPage: (orgId: string | undefined, page: number, limit: number) =>
    [...tipKeys.pools(orgId), page, limit] as const,
  share: (orgId: string | undefined, q: TipShareQuery | null) => [...tipKeys.all(orgId), 'share', q] as const,
};

type Answer<T> = { success: true; message: string; data: T };

export function useTipLocations() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: tipKeys.locations(orgId),
    queryFn: () => api.get<{ list: TipLocationAnswer[] }>('/tip-management/locations'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

export function useTipRoles() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: tipKeys.roles(orgId),
    queryFn: () => api.get<{ list: TipRoleAnswer[] }>('/tip-management/roles'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

export function useDailyTips(range: DateRange | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: tipKeys.daily(orgId, range),
    queryFn: () =>
      api.get<{ list: DailyTipsAnswer[]; totals: { cardTipsCents: number; cashTipsCents: number } }>(
        '/tip-management/daily-tips',
        { query: { ...range } },
      ),
    enabled: Boolean(orgId && range),
  });
}

export function useTipPools(page: number, limit = TIP_POOL_PAGE_SIZE) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: tipKeys.poolPage(orgId, page, limit),
    queryFn: () => api.get<TipPoolListAnswer>('/tip-management/pools', { query: { page, limit } }),
    enabled: Boolean(orgId),
  });
}

export function useTipShare(q: TipShareQuery | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: tipKeys.share(orgId, q),
    queryFn: () => api.get<TipShareAnswer>('/tip-share', { query: { ...q } }),
    enabled: Boolean(orgId && q),
  });
}

/**
 * A tip write toasts the server's message, lets `update` patch the caches it knows the answer
 * of, and reads the rest of payroll again (pending lines carry card tips).
 */
function useTipWrite<V, A extends { message: string }>(
  write: (variables: V) => Promise<A>,
  options: {
    failure?: string;
    update?: (client: QueryClient, orgId: string | undefined, answer: A, v: V) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: write,
    meta: options.failure ? { errorToast: false } : undefined,
    onSuccess: (answer, variables) => {
      toast.success(answer.message);
      options.update?.(queryClient, orgId, answer, variables);
      // Pool pages a write patched stay as patched; the other lists (and pending pay) are read again.
      void queryClient.invalidateQueries({
        queryKey: payrollKeys.all(orgId),
        predicate: (q) => !options.update || q.queryKey[3] !== 'pools',
      });
    },
    onError: options.failure ? (error) => toastFailure(error, options.failure) : undefined,
  });
}

/** Applies `change` to every cached page of tip pools. */
function patchPools(
  client: QueryClient,
  orgId: string | undefined,
  change: (page: TipPoolListAnswer) => TipPoolListAnswer,
) {
  client.setQueriesData<TipPoolListAnswer>({ queryKey: tipKeys.pools(orgId) }, (old) =>
    old ? change(old) : old,
  );
}

export const useSaveLocation = () =>
  useTipWrite(({ id, name }: { id?: string; name: string }) =>
    id
      ? api.put<Answer<TipLocationAnswer>>(`/tip-management/locations/${id}`, { name })
      : api.post<Answer<TipLocationAnswer>>('/tip-management/locations', { name }),
  );
export const useDeleteLocation = () =>
  useTipWrite((id: string) => api.delete<{ message: string }>(`/tip-management/locations/${id}`));
export const useSaveRole = () =>
  useTipWrite(({ roleId, sharesTips }: { roleId: string; sharesTips: boolean }) =>
    api.put<Answer<TipRoleAnswer>>(`/tip-management/roles/${roleId}`, { sharesTips }),
  );
export const useSaveDailyTips = () =>
  useTipWrite((body: DailyTipsBody) => api.put<Answer<DailyTipsAnswer>>('/tip-management/daily-tips', body));

/** A new pool goes first on page one (create prepends). */
export const useCreatePool = () =>
  useTipWrite((body: TipPoolBody) => api.post<Answer<TipPoolAnswer>>('/tip-management/pools', body), {
    update: (client, orgId, answer) =>
      patchPools(client, orgId, (page) =>
        page.page === 1
          ? { ...page, total: page.total + 1, list: [answer.data, ...page.list].slice(0, page.limit) }
          : { ...page, total: page.total + 1 },
      ),
  });

/** The saved pool replaces the old one where it stands (update replaces). */
export const useUpdatePool = () =>
  useTipWrite(
    ({ id, body }: { id: string; body: TipPoolBody }) =>
      api.put<Answer<TipPoolAnswer>>(`/tip-management/pools/${id}`, body),
    {
      update: (client, orgId, answer) =>
        patchPools(client, orgId, (page) => ({
          ...page,
          list: page.list.map((p) => (p._id === answer.data._id ? answer.data : p)),
        })),
    },
  );

/** The deleted pool leaves the list (delete removes). */
export const useDeletePool = () =>
  useTipWrite((id: string) => api.delete<{ message: string }>(`/tip-management/pools/${id}`), {
    update: (client, orgId, _answer, id) =>
      patchPools(client, orgId, (page) =>
        page.list.some((p) => p._id === id)
          ? { ...page, total: page.total - 1, list: page.list.filter((p) => p._id !== id) }
          : page,
      ),
  });

/** Pulls card tips per day and location from the POS source, then shows the new share. */
export const useSyncTipShare = () =>
  useTipWrite((body: TipSyncBody) => api.post<TipSyncAnswer>('/tip-share/sync', body), {
    failure: TIPS_TEXT.unableToSync,
  });
