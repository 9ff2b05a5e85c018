import { useMemo } from 'react';
import { useSettingsList } from './settings/settings.api';

export interface Option {
  value: string;
  label: string;
}
export interface OptionGroup {
  group: string;
  items: Option[];
}

/** The lists the filters, forms and bulk actions choose from, as select options. */
export function useContactLookups(enabled = true) {
  const tags = useSettingsList('tag', enabled);
  const leadSources = useSettingsList('lead-source', enabled);
  const stages = useSettingsList('stage', enabled);
  const contactTypes = useSettingsList('contact-type', enabled);
  const ranks = useSettingsList('client-ranks', enabled);
  const fields = useSettingsList('contact-field', enabled);

  return useMemo(() => {
    const named = (list: { _id: string; name: string }[] | undefined): Option[] =>
      (list ?? []).map((item) => ({ value: item._id, label: item.name }));
    const rankGroups = new Map<string, Option[]>();
    for (const rank of ranks.data ?? []) {
      const items = rankGroups.get(rank.categoryName) ?? [];
      items.push({ value: rank._id, label: rank.name });
      rankGroups.set(rank.categoryName, items);
    }
    return {
      tags: named(tags.data),
      leadSources: named(leadSources.data),
      stages: named(stages.data),
      contactTypes: named(contactTypes.data),
      ranks: [...rankGroups].map<OptionGroup>(([group, items]) => ({ group, items })),
      fields: fields.data ?? [],
      fieldsLoaded: fields.isSuccess || fields.isError,
    };
  }, [
    tags.data,
    leadSources.data,
    stages.data,
    contactTypes.data,
    ranks.data,
    fields.data,
    fields.isSuccess,
    fields.isError,
  ]);
}
