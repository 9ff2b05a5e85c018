import { Button, Loader, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { KioskContact } from '@opsuite/shared/contracts/kiosk';
import { kioskDisplayName } from '@opsuite/shared/rules/kiosk';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../components/avatar';
import classes from './check-in.module.css';
import { isRateLimited, isUnpaired, kioskApi } from './kiosk-api';
import { KIOSK_TEXT } from './kiosk-toast';

export const SEARCH_DEBOUNCE_MS = 300;
/** Two letters before searching: one letter would list half the members on a public screen. */
export const SEARCH_MIN_LENGTH = 2;

export interface SearchTabProps {
  picked: KioskContact | null;
  onPick: (contact: KioskContact | null) => void;
  /** Resolves true when the pick should be cleared. */
  onSubmit: (contact: KioskContact | null) => Promise<boolean>;
  busy: boolean;
}

type SearchState =
  | { status: 'idle' | 'loading' | 'error' | 'limited' }
  | { status: 'done'; list: KioskContact[] };

/** Tab 4: Search By Name, a contact picker plus Submit. */
export function SearchTab({ picked, onPick, onSubmit, busy }: SearchTabProps) {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    const q = query.trim();
    if (q.length < SEARCH_MIN_LENGTH) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'loading' });
      kioskApi
        .searchContacts(q, controller.signal)
        .then(({ list }) => setSearch({ status: 'done', list }))
        .catch((error: unknown) => {
          if (controller.signal.aborted || isUnpaired(error)) return;
          setSearch({ status: isRateLimited(error) ? 'limited' : 'error' });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const submit = async () => {
    if (await onSubmit(picked)) {
      onPick(null);
      setQuery('');
    }
  };

  return (
    <div className={classes.tabBody}>
      <TextInput
        aria-label="Search by name"
        placeholder="Type your name..."
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          if (picked) onPick(null);
        }}
        size="xl"
        leftSection={<IconSearch size={22} />}
        rightSection={search.status === 'loading' ? <Loader size="sm" /> : null}
        autoComplete="off"
        spellCheck={false}
      />
      <div className={classes.searchResults}>
        {search.status === 'error' && <Text c="dimmed">Something went wrong</Text>}
        {search.status === 'limited' && <Text c="dimmed">{KIOSK_TEXT.tooManyAttempts}</Text>}
        {search.status === 'done' && search.list.length === 0 && <Text c="dimmed">No members found</Text>}
        {search.status === 'done' && search.list.length > 0 && (
          <ul className={classes.resultList} aria-label="Members">
            {search.list.map((contact) => {
              const name = kioskDisplayName(contact);
              const selected = picked?._id === contact._id;
              return (
                <li key={contact._id}>
                  <UnstyledButton
                    className={classes.resultItem}
                    data-selected={selected || undefined}
                    aria-pressed={selected}
                    onClick={() => onPick(selected ? null : contact)}
                  >
                    <UserAvatar name={name} src={contact.photo} size={44} />
                    <span className={classes.resultName}>{name}</span>
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Button size="xl" fullWidth loading={busy} onClick={() => void submit()}>
        Submit
      </Button>
    </div>
  );
}
