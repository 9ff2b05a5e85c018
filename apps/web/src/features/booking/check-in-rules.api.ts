import type { CheckInRules, OrganizationSettingsAnswer } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';

// The organisation's check-in rules (GET/PUT /api/organization/current, checkInRules only): the
// kiosk and staff check-ins follow them. Shares its cache entry with the organisation settings.

const currentKey = (id: string | undefined) => ['organization', id, 'current'] as const;

export const CHECK_IN_RULES_SAVED = 'Check-in rules saved';

export function useCheckInRules() {
  const id = useOrganizationId();
  return useQuery({
    queryKey: currentKey(id),
    queryFn: () => api.get<OrganizationSettingsAnswer>('/organization/current'),
    enabled: Boolean(id),
    select: (answer) => answer.checkInRules,
  });
}

export function useSaveCheckInRules() {
  const queryClient = useQueryClient();
  const id = useOrganizationId();
  return useMutation({
    mutationFn: (checkInRules: CheckInRules) =>
      api.put<OrganizationSettingsAnswer>('/organization/current', { checkInRules }),
    onSuccess: (answer) => {
      queryClient.setQueryData(currentKey(id), answer);
      toast.success(CHECK_IN_RULES_SAVED);
    },
  });
}
