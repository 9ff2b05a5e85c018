import type { RankRequirementsBody } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client';
import { useOrganizationId } from '../../../app/auth-store';
import { isRecordOf } from '../../../app/contact-keys';
import { contactKeys } from '../contacts.api';
import type {
  ClientRank,
  ContactField,
  ContactType,
  LeadSource,
  MutationResult,
  RankCategory,
  Stage,
  Tag,
} from '../contacts.types';

// The per-organisation lists around contacts. Each lives at /<resource>/get, /add, /update/:id
// and /delete/:id (apps/server/src/modules/contacts/*.routes.ts).

export interface SettingsResources {
  tag: Tag;
  'lead-source': LeadSource;
  stage: Stage;
  'rank-category': RankCategory;
  'client-ranks': ClientRank;
  'contact-type': ContactType;
  'contact-field': ContactField;
}
export type SettingsResource = keyof SettingsResources;

export const settingsKeys = {
  list: (orgId: string | undefined, resource: SettingsResource) =>
    ['contact-settings', orgId, resource] as const,
};

export function useSettingsList<R extends SettingsResource>(resource: R, enabled = true) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: settingsKeys.list(orgId, resource),
    queryFn: () => api.get<{ list: SettingsResources[R][] }>(`/${resource}/get`),
    select: (answer) => answer.list,
    enabled: Boolean(orgId) && enabled,
    staleTime: 60_000,
  });
}

/** Create, update and delete of one list; every change reloads that list and the contacts. */
export function useSettingsMutations<R extends SettingsResource>(resource: R) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.list(orgId, resource) });
    // Ranks are listed per category; names of tags, stages, types and ranks show in contacts.
    if (resource === 'rank-category') {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.list(orgId, 'client-ranks') });
    }
    void queryClient.invalidateQueries({ queryKey: contactKeys.all(orgId) });
  };
  const meta = { errorToast: false } as const;
  const create = useMutation({
    mutationFn: (body: object) => api.post<MutationResult<SettingsResources[R]>>(`/${resource}/add`, body),
    onSuccess: reload,
    meta,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: object }) =>
      api.put<MutationResult<SettingsResources[R]>>(`/${resource}/update/${id}`, body),
    onSuccess: reload,
    meta,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<{ success: true; message: string }>(`/${resource}/delete/${id}`),
    onSuccess: reload,
    meta,
  });
  return { create, update, remove };
}

export function useReorderStages() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put<{ success: true; message: string; list: Stage[] }>('/stage/reorder', { ids }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKeys.list(orgId, 'stage'), { list: answer.list }),
    meta: { errorToast: false },
  });
}

export interface FieldSetting {
  _id: string;
  value?: string;
  sortOrder?: number;
  width?: number;
  isVisible?: boolean;
}

export function useSaveFieldSettings() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: (fields: FieldSetting[]) =>
      api.put<{ success: true; message: string; list: ContactField[] }>('/contact-field/settings', {
        fields,
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(settingsKeys.list(orgId, 'contact-field'), { list: answer.list }),
    meta: { errorToast: false },
  });
}

/** Sets a rank's requirements from any screen: reloads the ranks list and every qualification. */
export function useRankRequirements() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: ({ rankId, body }: { rankId: string; body: RankRequirementsBody }) =>
      api.put<{ success: true; message: string }>(`/client-ranks/requirements/${rankId}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.list(orgId, 'client-ranks') });
      void queryClient.invalidateQueries({
        queryKey: contactKeys.all(orgId),
        predicate: isRecordOf('qualification'),
      });
    },
    meta: { errorToast: false },
  });
}
