import type { GiftCardBody, GiftCardListAnswer, GiftCardMutationAnswer } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';

export const giftCardKeys = {
  list: (orgId: string | undefined) => ['gift-cards', orgId] as const,
};

export function useGiftCards() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: giftCardKeys.list(orgId),
    queryFn: () => api.get<GiftCardListAnswer>('/gift-cards'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

/** A write shows the server's message and reads the list again; a failure gets the app's error toast. */
function useGiftCardWrite<V>(write: (variables: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: giftCardKeys.list(orgId) });
    },
  });
}

export const useCreateGiftCard = () =>
  useGiftCardWrite((body: GiftCardBody) => api.post<GiftCardMutationAnswer>('/gift-cards', body));

export const useUpdateGiftCard = () =>
  useGiftCardWrite(({ id, ...body }: GiftCardBody & { id: string }) =>
    api.put<GiftCardMutationAnswer>(`/gift-cards/${id}`, body),
  );

export const useDeleteGiftCard = () =>
  useGiftCardWrite((id: string) => api.delete<{ success: true; message: string }>(`/gift-cards/${id}`));
