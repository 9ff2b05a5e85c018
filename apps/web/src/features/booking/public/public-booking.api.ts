import type { PublicBookingPageAnswer } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';

// The public booking page's calls: no sign-in, no tenant headers.

export interface PublicBookingInput {
  slotId: string;
  name: string;
  email: string;
  phone?: string | null;
}

export interface PublicBookingAnswer {
  success: true;
  message: string;
  booking: { _id: string; slotId: string; startDate: string; endDate: string };
}

const pageKey = (slug: string) => ['public-booking', slug] as const;

export function usePublicBookingPage(slug: string) {
  return useQuery({
    queryKey: pageKey(slug),
    queryFn: ({ signal }) =>
      api.get<PublicBookingPageAnswer>(`/public/booking-group/${encodeURIComponent(slug)}`, {
        auth: false,
        signal,
      }),
    meta: { errorToast: false },
    retry: false,
    staleTime: 15_000,
  });
}

export function usePublicBook(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicBookingInput) =>
      api.post<PublicBookingAnswer>(`/public/booking-group/${encodeURIComponent(slug)}/book`, body, {
        auth: false,
      }),
    meta: { errorToast: false },
    // Seats changed either way: a booking took one, a refusal may mean the class filled up.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pageKey(slug) }),
  });
}
