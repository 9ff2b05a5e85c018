import {
  Button,
  CheckIcon,
  Combobox,
  Group,
  Input,
  InputBase,
  Loader,
  Pill,
  PillsInput,
  ScrollArea,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CONTACT_PICKER_PAGE_SIZE } from '@opsuite/shared/rules/pagination';
import { isOwnerType } from '@opsuite/shared/rules/permissions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useSession } from '../../../app/auth-store';
import { toast } from '../../../app/toast';
import { contactKeys, searchContacts } from '../contacts.api';
import type { PickerContact, PickerPage } from '../contacts.types';
import { ContactPickerOptionView } from './picker-option';
import { allowedContacts, chipSplit, type PickerRules, pickerRejection } from './picker-rules';

/** Contact search is debounced 2 seconds. */
export const PICKER_DEBOUNCE_MS = 2000;
export const PICKER_SEARCH_PATH = '/contact/search-name';

interface PickerBaseProps extends PickerRules {
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Contacts that may not be chosen here (for example the contact itself). */
  excludeIds?: readonly string[];
  /** Loads one page of options; defaults to contact/search-name (page size 10). */
  loadOptions?: (q: string, page: number, signal?: AbortSignal) => Promise<PickerPage>;
  /** A distinct key part when `loadOptions` is given, so caches do not mix. */
  optionsKey?: string;
  /** Only the people who work for the business (employees, admins, the owner). */
  staffOnly?: boolean;
  /** Load options before anything is typed; by default only admins get the full list. */
  loadAllOnOpen?: boolean;
  debounceMs?: number;
  /** Shows a refusal; a toast by default. */
  onReject?: (message: string) => void;
}

export interface SinglePickerProps extends PickerBaseProps {
  multiple?: false;
  value: PickerContact | null;
  onChange: (value: PickerContact | null) => void;
}

export interface MultiPickerProps extends PickerBaseProps {
  multiple: true;
  value: PickerContact[];
  onChange: (value: PickerContact[]) => void;
}

export type ContactPickerProps = SinglePickerProps | MultiPickerProps;

/**
 * The contact picker every module uses: search by name, single or multi
 * select; a multi-select shows three chips and then "+N more".
 */
export function ContactPicker(props: ContactPickerProps) {
  const { excludeSmsOptOut, requireWageType, debounceMs = PICKER_DEBOUNCE_MS } = props;
  const session = useSession();
  const inputId = useId();
  const orgId = session?.organization._id;
  const loadAll = props.loadAllOnOpen ?? isOwnerType(session?.userData.userType ?? '');
  const [opened, setOpened] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({
    opened,
    onOpenedChange: setOpened,
    // preventScroll: the dropdown is not positioned yet, and scrolling to it would detach the
    // target from the viewport and hide the dropdown again (seen on phones).
    onDropdownOpen: () => setTimeout(() => searchRef.current?.focus({ preventScroll: true }), 0),
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), debounceMs);
  const rules: PickerRules = { excludeSmsOptOut, requireWageType };
  const load =
    props.loadOptions ??
    ((q, page, signal) =>
      searchContacts(PICKER_SEARCH_PATH, q, page, CONTACT_PICKER_PAGE_SIZE, signal, props.staffOnly));

  const results = useInfiniteQuery({
    queryKey: contactKeys.search(
      orgId,
      props.optionsKey ?? `${PICKER_SEARCH_PATH}${props.staffOnly ? '?staff' : ''}`,
      debounced,
    ),
    queryFn: ({ pageParam, signal }) => load(debounced, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    enabled: opened && (loadAll || debounced !== ''),
  });

  const selected = props.multiple ? props.value : props.value ? [props.value] : [];
  const selectedIds = new Set(selected.map((c) => c._id));
  const options = useMemo(() => {
    const excluded = new Set(props.excludeIds ?? []);
    const seen = new Set<string>();
    return (results.data?.pages ?? [])
      .flatMap((page) => page.list)
      .filter((c) => !excluded.has(c._id) && !seen.has(c._id) && seen.add(c._id));
  }, [results.data, props.excludeIds]);

  const reject = (message: string) => (props.onReject ? props.onReject(message) : toast.error(message));

  const pick = (id: string) => {
    const contact = options.find((c) => c._id === id);
    if (!contact) return;
    if (props.multiple) {
      if (selectedIds.has(id)) {
        props.onChange(props.value.filter((c) => c._id !== id));
        return;
      }
      const refusal = pickerRejection([contact], rules);
      if (refusal) return reject(refusal);
      props.onChange([...props.value, contact]);
      return;
    }
    const refusal = pickerRejection([contact], rules);
    if (refusal) return reject(refusal);
    props.onChange(contact);
    setSearch('');
    combobox.closeDropdown();
  };

  const pickAllShown = () => {
    if (!props.multiple) return;
    const candidates = options.filter((c) => !selectedIds.has(c._id));
    const refusal = pickerRejection(candidates, rules);
    if (refusal) reject(refusal);
    props.onChange([...props.value, ...allowedContacts(candidates, rules)]);
  };

  const waitingForText = !loadAll && debounced === '';
  const typing = search.trim() !== debounced;
  let status: ReactNode = null;
  if (results.isFetching && !results.isFetchingNextPage) status = <Loader size="xs" />;
  else if (waitingForText) status = typing ? 'Searching…' : 'Type a name to search';
  else if (results.isError) status = 'Unable to load contacts';
  else if (options.length === 0 && results.isSuccess) status = 'No contacts found';

  const target = props.multiple ? (
    <MultiTarget {...props} inputId={inputId} onOpen={() => combobox.openDropdown()} />
  ) : (
    <InputBase
      id={inputId}
      component="button"
      type="button"
      pointer
      label={props.label}
      description={props.description}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      rightSection={
        props.value && !props.disabled ? (
          <Combobox.ClearButton onClear={() => props.onChange(null)} aria-label="Clear contact" />
        ) : (
          <Combobox.Chevron />
        )
      }
      rightSectionPointerEvents={props.value ? 'all' : 'none'}
      onClick={() => combobox.toggleDropdown()}
    >
      {props.value ? (
        <Text size="sm" truncate>
          {props.value.fullName}
        </Text>
      ) : (
        <Input.Placeholder>{props.placeholder ?? 'Select a contact'}</Input.Placeholder>
      )}
    </InputBase>
  );

  return (
    // hideDetached off: on phones opening the dropdown can scroll the page, and a detached
    // dropdown would otherwise vanish.
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal hideDetached={false}>
      <Combobox.Target targetType="button">{target}</Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          ref={searchRef}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Search by name"
          aria-label="Search contacts by name"
        />
        <Combobox.Options>
          <ScrollArea.Autosize mah={280} type="auto">
            {options.map((contact) => (
              <Combobox.Option
                key={contact._id}
                value={contact._id}
                active={selectedIds.has(contact._id)}
                aria-selected={selectedIds.has(contact._id)}
              >
                <Group gap="xs" wrap="nowrap">
                  {props.multiple && (
                    <CheckIcon
                      size={10}
                      style={{ opacity: selectedIds.has(contact._id) ? 1 : 0, flex: 'none' }}
                    />
                  )}
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <ContactPickerOptionView contact={contact} showSmsOptOut={excludeSmsOptOut} />
                  </div>
                </Group>
              </Combobox.Option>
            ))}
            {status && <Combobox.Empty>{status}</Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {(results.hasNextPage || (props.multiple && options.length > 1)) && (
          <Combobox.Footer>
            <Group justify="space-between" gap="xs">
              {props.multiple && options.length > 1 ? (
                <Button size="compact-xs" variant="subtle" onClick={pickAllShown}>
                  Select all shown
                </Button>
              ) : (
                <span />
              )}
              {results.hasNextPage && (
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={results.isFetchingNextPage}
                  onClick={() => void results.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </Group>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

function MultiTarget(props: MultiPickerProps & { inputId: string; onOpen: () => void }) {
  const { shown, more } = chipSplit(props.value);
  const rest = props.value
    .slice(shown.length)
    .map((c) => c.fullName)
    .join(', ');
  return (
    <PillsInput
      id={props.inputId}
      label={props.label}
      description={props.description}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      pointer
      onClick={props.onOpen}
      rightSection={<Combobox.Chevron />}
      rightSectionPointerEvents="none"
    >
      <Pill.Group>
        {shown.map((contact) => (
          <Pill
            key={contact._id}
            withRemoveButton={!props.disabled}
            onRemove={() => props.onChange(props.value.filter((c) => c._id !== contact._id))}
            removeButtonProps={{ 'aria-label': `Remove ${contact.fullName}` }}
          >
            {contact.fullName}
          </Pill>
        ))}
        {more > 0 && (
          <Pill title={rest} data-testid="picker-more">
            +{more} more
          </Pill>
        )}
        <PillsInput.Field
          readOnly
          placeholder={props.value.length === 0 ? (props.placeholder ?? 'Select contacts') : undefined}
          onFocus={props.onOpen}
          style={props.value.length > 0 ? { width: 8, minWidth: 8 } : undefined}
        />
      </Pill.Group>
    </PillsInput>
  );
}
