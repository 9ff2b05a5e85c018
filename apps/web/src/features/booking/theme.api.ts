import type { ThemeSetting } from '@opsuite/shared/contracts/kiosk';
import { DEFAULT_BOOKING_THEME, DEFAULT_SELF_CHECKIN_THEME } from '@opsuite/shared/rules/theme-color';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';
import { bookingKeys, type Mutation } from './booking.api';
import { THEME_TEXT } from './booking-messages';

// Theme settings of the self check-in kiosk and of the public booking page.

export type ThemeKind = 'booking' | 'self-check-in';

export const DEFAULT_THEMES: Record<ThemeKind, ThemeSetting> = {
  booking: { ...DEFAULT_BOOKING_THEME },
  'self-check-in': { ...DEFAULT_SELF_CHECKIN_THEME },
};

export function useThemeSetting(kind: ThemeKind) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.theme(orgId, kind),
    queryFn: () => api.get<ThemeSetting>(`/theme-setting/${kind}`),
    enabled: Boolean(orgId),
    // Without a stored theme the screen starts from the default.
    meta: { errorToast: false },
    retry: false,
  });
}

/** Theme save errors are only logged to the console. */
export function useSaveTheme(kind: ThemeKind) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: (theme: ThemeSetting) => api.put<Mutation<ThemeSetting>>(`/theme-setting/${kind}`, theme),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      queryClient.setQueryData(bookingKeys.theme(orgId, kind), answer.data);
      toast.success(THEME_TEXT.saved);
    },
    onError: (error) => {
      console.error('Theme save failed', error);
    },
  });
}
