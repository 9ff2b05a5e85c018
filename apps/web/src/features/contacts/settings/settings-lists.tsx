import { can } from '@opsuite/shared/rules/permissions';
import { useSession } from '../../../app/auth-store';
import { toast, toastFailure } from '../../../app/toast';
import { moveItem } from '../column-settings';
import { CONTACT_MESSAGES } from '../contact-messages';
import { type NamedItem, NamedListEditor } from './named-list-editor';
import {
  type SettingsResource,
  useReorderStages,
  useSettingsList,
  useSettingsMutations,
} from './settings.api';

export interface ListMessages {
  created?: string;
  updated?: string;
  deleted?: string;
}

export function useContactsAbility() {
  const ability = useSession()?.userData.ability ?? [];
  return {
    canCreate: can(ability, 'write', 'contacts'),
    canUpdate: can(ability, 'update', 'contacts'),
    canDelete: can(ability, 'delete', 'contacts'),
  };
}

/** Create, rename and delete handlers with the catalogue's toasts (the server's text otherwise). */
export function useListHandlers(resource: SettingsResource, messages: ListMessages = {}, extra: object = {}) {
  const { create, update, remove } = useSettingsMutations(resource);
  const fail = (error: unknown) => {
    toastFailure(error);
    throw error;
  };
  return {
    onCreate: (name: string, color: string | null) =>
      create
        .mutateAsync({ name, ...(color ? { color } : {}), ...extra })
        .then((answer) => toast.success(messages.created ?? answer.message), fail),
    onRename: (item: NamedItem, name: string, color: string | null) =>
      update
        .mutateAsync({
          id: item._id,
          body: { name, ...(color !== undefined && 'color' in item ? { color } : {}) },
        })
        .then((answer) => toast.success(messages.updated ?? answer.message), fail),
    onDelete: (item: NamedItem) =>
      remove.mutate(item._id, {
        onSuccess: (answer) => toast.success(messages.deleted ?? answer.message),
        onError: (error) => toastFailure(error),
      }),
  };
}

export function TagsSettings() {
  const tags = useSettingsList('tag');
  const handlers = useListHandlers('tag');
  return (
    <NamedListEditor
      title="Tags"
      description="Labels you put on contacts to find and group them."
      items={(tags.data ?? []).map((tag) => ({ _id: tag._id, name: tag.name, color: tag.color }))}
      loading={tags.isPending}
      withColor
      addLabel="Add tag"
      emptyText="No tags yet."
      {...useContactsAbility()}
      {...handlers}
    />
  );
}

export function LeadSourcesSettings() {
  const sources = useSettingsList('lead-source');
  const handlers = useListHandlers('lead-source');
  return (
    <NamedListEditor
      title="Lead sources"
      description="Where your contacts come from."
      items={(sources.data ?? []).map((source) => ({ _id: source._id, name: source.name }))}
      loading={sources.isPending}
      addLabel="Add lead source"
      emptyText="No lead sources yet."
      {...useContactsAbility()}
      {...handlers}
    />
  );
}

export function StagesSettings() {
  const stages = useSettingsList('stage');
  const handlers = useListHandlers('stage');
  const reorder = useReorderStages();
  const ordered = [...(stages.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const move = (index: number, step: -1 | 1) => {
    const ids = moveItem(ordered, index, step).map((stage) => stage._id);
    reorder.mutate(ids, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toastFailure(error, 'Reorder Failed'),
    });
  };
  return (
    <NamedListEditor
      title="Stages"
      description="The pipeline a contact moves through, in order."
      items={ordered.map((stage) => ({ _id: stage._id, name: stage.name, color: stage.color }))}
      loading={stages.isPending}
      withColor
      addLabel="Add stage"
      emptyText="No stages yet."
      onMove={move}
      {...useContactsAbility()}
      {...handlers}
    />
  );
}

export function ContactTypesSettings() {
  const types = useSettingsList('contact-type');
  const handlers = useListHandlers('contact-type', { updated: CONTACT_MESSAGES.typeUpdated });
  return (
    <NamedListEditor
      title="Contact types"
      description="The kinds of contacts and roles in your organisation. Built-in types can be renamed."
      items={[...(types.data ?? [])]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((type) => ({ _id: type._id, name: type.name, locked: type.isSystem, hint: type.type }))}
      loading={types.isPending}
      addLabel="Add contact type"
      emptyText="No contact types yet."
      {...useContactsAbility()}
      {...handlers}
    />
  );
}
