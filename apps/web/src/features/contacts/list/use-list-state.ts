import { useDebouncedValue } from '@mantine/hooks';
import { CONTACTS_PAGINATION } from '@opsuite/shared/rules/pagination';
import { dataFlowFor } from '@opsuite/shared/rules/permissions';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '../../../app/auth-store';
import { type ContactFilters, EMPTY_FILTERS, filtersToQuery, listQuery } from '../contact-filters';

/** Contact search is debounced 2 seconds. */
export const LIST_SEARCH_DEBOUNCE_MS = 2000;

/**
 * The list page's state: filters, the search box (debounced into the filters), the page (page 0,
 * 100 rows by default) and the selection, which is cleared whenever the rows change.
 */
export function useContactsListState() {
  const session = useSession();
  const showDataFlow = session
    ? dataFlowFor(session.userData.userType, session.organization.isViewUserData)
    : false;
  const [filters, setFiltersState] = useState<ContactFilters>(() => ({
    ...EMPTY_FILTERS,
    dataFlow: session?.userData.dataFlow ? 'on' : 'off',
  }));
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, LIST_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState<number>(CONTACTS_PAGINATION.page);
  const [pageSize, setPageSizeState] = useState<number>(CONTACTS_PAGINATION.pageSize);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  const setFilters = useCallback((next: ContactFilters) => {
    setFiltersState(next);
    setPage(0);
  }, []);

  useEffect(() => {
    setFiltersState((current) =>
      current.search === debouncedSearch ? current : { ...current, search: debouncedSearch },
    );
    setPage(0);
  }, [debouncedSearch]);

  const query = useMemo(
    () => listQuery(filters, { page, pageSize }, showDataFlow),
    [filters, page, pageSize, showDataFlow],
  );
  const filterQuery = useMemo(() => filtersToQuery(filters, showDataFlow), [filters, showDataFlow]);

  // A new page or new filters show other rows: what was selected is no longer on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on every change of the query
  useEffect(() => setSelected(new Set()), [query]);

  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(0);
  }, []);

  /** Deleting reloads the list with page size 100. */
  const afterDelete = useCallback(() => {
    setPageSizeState(CONTACTS_PAGINATION.pageSize);
    setPage(0);
  }, []);

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  return {
    filters,
    setFilters,
    searchText,
    setSearchText,
    page,
    setPage,
    pageSize,
    setPageSize,
    query,
    filterQuery,
    showDataFlow,
    selected,
    setSelected,
    toggle,
    afterDelete,
  };
}
