import {
  GIFT_CARD_TEXT,
  type GiftCardAdjustBody,
  type GiftCardDetailAnswer,
  type GiftCardIssueAnswer,
  type GiftCardIssueBody,
  type GiftCardListAnswer,
  type GiftCardMutationAnswer,
  type GiftCardSettingsBody,
  type GiftCardStatsAnswer,
  type GiftCardTemplateBody,
  type GiftCardTemplateListAnswer,
  type GiftCardTemplateMutationAnswer,
  type GiftCardUpdateBody,
  type PublicGiftCardAnswer,
  type PublicGiftCardBalanceBody,
} from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, errorMessage } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';

// The gift cards feature's calls. A failure shows a toast titled with what failed ("Failed to
// fetch gift cards") and the server's reason.

export const giftCardKeys = {
  all: (orgId: string | undefined) => ['gift-cards', orgId] as const,
  list: (orgId: string | undefined, query: object) => ['gift-cards', orgId, 'list', query] as const,
  one: (orgId: string | undefined, id: string) => ['gift-cards', orgId, 'card', id] as const,
  stats: (orgId: string | undefined) => ['gift-cards', orgId, 'stats'] as const,
  templates: (orgId: string | undefined) => ['gift-cards', orgId, 'templates'] as const,
  settings: (orgId: string | undefined) => ['gift-cards', orgId, 'settings'] as const,
};

/** A failed read's toast, once per failure. */
function useFailureToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) toast.error(errorMessage(error), title);
  }, [error, title]);
}

export interface GiftCardListParams {
  search: string;
  status: string | null;
  page: number;
}

export function useGiftCards(params: GiftCardListParams) {
  const orgId = useOrganizationId();
  const query = useQuery({
    queryKey: giftCardKeys.list(orgId, params),
    queryFn: () =>
      api.get<GiftCardListAnswer>('/giftcard', {
        query: {
          search: params.search || undefined,
          status: params.status ?? undefined,
          page: params.page,
          pageSize: 25,
        },
      }),
    enabled: Boolean(orgId),
    placeholderData: (previous) => previous,
    meta: { errorToast: false },
  });
  useFailureToast(query.error, GIFT_CARD_TEXT.fetchFailed);
  return query;
}

export function useGiftCard(id: string) {
  const orgId = useOrganizationId();
  const query = useQuery({
    queryKey: giftCardKeys.one(orgId, id),
    queryFn: () => api.get<GiftCardDetailAnswer>(`/giftcard/${id}`),
    enabled: Boolean(orgId),
    meta: { errorToast: false },
  });
  useFailureToast(query.error, GIFT_CARD_TEXT.fetchOneFailed);
  return query;
}

export function useGiftCardStats() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: giftCardKeys.stats(orgId),
    queryFn: () => api.get<GiftCardStatsAnswer>('/giftcard/stats'),
    enabled: Boolean(orgId),
  });
}

export function useGiftCardTemplates() {
  const orgId = useOrganizationId();
  const query = useQuery({
    queryKey: giftCardKeys.templates(orgId),
    queryFn: () => api.get<GiftCardTemplateListAnswer>('/giftcard-template'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
    meta: { errorToast: false },
  });
  useFailureToast(query.error, GIFT_CARD_TEXT.fetchTemplatesFailed);
  return query;
}

export function useGiftCardSettings() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: giftCardKeys.settings(orgId),
    queryFn: () => api.get<GiftCardSettingsBody>('/giftcard/settings'),
    enabled: Boolean(orgId),
  });
}

/** A write shows the server's message and reads the feature's data again; a failure says what failed. */
function useGiftCardWrite<V, A extends { message: string }>(
  write: (variables: V) => Promise<A>,
  failed: string,
) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: giftCardKeys.all(orgId) });
    },
    onError: (error) => toast.error(errorMessage(error), failed),
  });
}

export const useIssueGiftCard = () =>
  useGiftCardWrite(
    (body: GiftCardIssueBody) => api.post<GiftCardIssueAnswer>('/giftcard', body),
    GIFT_CARD_TEXT.issueFailed,
  );

export const useUpdateGiftCard = () =>
  useGiftCardWrite(
    ({ id, ...body }: GiftCardUpdateBody & { id: string }) =>
      api.put<GiftCardMutationAnswer>(`/giftcard/${id}`, body),
    GIFT_CARD_TEXT.saveFailed,
  );

export const useActivateGiftCard = () =>
  useGiftCardWrite(
    (id: string) => api.post<GiftCardMutationAnswer>(`/giftcard/${id}/activate`),
    GIFT_CARD_TEXT.activateFailed,
  );

export const useDeactivateGiftCard = () =>
  useGiftCardWrite(
    (id: string) => api.post<GiftCardMutationAnswer>(`/giftcard/${id}/deactivate`),
    GIFT_CARD_TEXT.deactivateFailed,
  );

export const useAdjustGiftCard = () =>
  useGiftCardWrite(
    ({ id, ...body }: GiftCardAdjustBody & { id: string }) =>
      api.post<GiftCardIssueAnswer>(`/giftcard/${id}/adjust`, body),
    GIFT_CARD_TEXT.adjustFailed,
  );

export const useDeleteGiftCard = () =>
  useGiftCardWrite(
    (id: string) => api.delete<{ success: true; message: string }>(`/giftcard/${id}`),
    GIFT_CARD_TEXT.deleteFailed,
  );

export const useSaveGiftCardTemplate = () =>
  useGiftCardWrite(
    ({ id, body }: { id: string | null; body: GiftCardTemplateBody }) =>
      id
        ? api.put<GiftCardTemplateMutationAnswer>(`/giftcard-template/${id}`, body)
        : api.post<GiftCardTemplateMutationAnswer>('/giftcard-template', body),
    GIFT_CARD_TEXT.saveTemplateFailed,
  );

export const useSaveGiftCardDesign = () =>
  useGiftCardWrite(
    ({ id, image }: { id: string; image: string | null }) =>
      api.put<GiftCardTemplateMutationAnswer>(`/giftcard-template/${id}/design`, { image }),
    GIFT_CARD_TEXT.saveTemplateFailed,
  );

export const useDeleteGiftCardTemplate = () =>
  useGiftCardWrite(
    (id: string) => api.delete<{ success: true; message: string }>(`/giftcard-template/${id}`),
    GIFT_CARD_TEXT.saveTemplateFailed,
  );

export const useSaveGiftCardSettings = () =>
  useGiftCardWrite(
    (body: GiftCardSettingsBody) => api.put<{ success: true; message: string }>('/giftcard/settings', body),
    GIFT_CARD_TEXT.saveFailed,
  );

// Public: no sign-in.

export function usePublicGiftCard(token: string) {
  return useQuery({
    queryKey: ['public-gift-card', token],
    queryFn: () => api.get<PublicGiftCardAnswer>(`/public/giftcard/card/${token}`, { auth: false }),
    meta: { errorToast: false },
  });
}

export function usePublicBalance() {
  return useMutation({
    mutationFn: (body: PublicGiftCardBalanceBody) =>
      api.post<PublicGiftCardAnswer>('/public/giftcard/balance', body, { auth: false }),
    meta: { errorToast: false },
    onError: (error) => toast.error(errorMessage(error), GIFT_CARD_TEXT.balanceFailed),
  });
}
