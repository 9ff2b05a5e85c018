import type { OrganizationAnswer, OrganizationMember, OrganizationMembersAnswer } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { updateStoredOrganization, useOrganizationId } from '../../app/auth-store';

export interface OrganizationInput {
  name?: string;
  themeColor?: string;
  logoLink?: string | null;
  timeZone?: string;
  isViewUserData?: boolean;
}

export const organizationKeys = {
  current: (id: string | undefined) => ['organization', id, 'current'] as const,
};

export function useCurrentOrganization() {
  const id = useOrganizationId();
  return useQuery({
    queryKey: organizationKeys.current(id),
    queryFn: () => api.get<OrganizationAnswer>('/organization/current'),
    enabled: Boolean(id),
  });
}

/** Saving also updates the stored organisation, so the theme colour applies at once. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationInput) => api.put<OrganizationAnswer>('/organization/current', input),
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.current(organization._id), organization);
      updateStoredOrganization(organization);
      // The data-flow flag and the organisation list in userData depend on these settings.
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

export const memberKeys = {
  all: (id: string | undefined) => ['organization', id, 'members'] as const,
};

/** Who can sign in to the current organisation (users read). */
export function useMembers(enabled: boolean) {
  const id = useOrganizationId();
  return useQuery({
    queryKey: memberKeys.all(id),
    queryFn: () => api.get<OrganizationMembersAnswer>('/organization/current/members'),
    enabled: Boolean(id) && enabled,
  });
}

/** Removes a member: their access to this organisation ends with their next request. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  const id = useOrganizationId();
  return useMutation({
    mutationFn: (userId: string) => api.delete<OrganizationMember>(`/organization/current/members/${userId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberKeys.all(id) }),
  });
}
