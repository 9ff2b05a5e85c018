import {
  Button,
  EmptyState,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { totalPages } from '@opsuite/shared/rules/pagination';
import { can } from '@opsuite/shared/rules/permissions';
import { IconFileImport, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSession } from '../../../app/auth-store';
import { failureText, toast } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageToolbar } from '../../../components/page-toolbar';
import { resolveColumns, settingsFromColumns, useColumnSettings } from '../column-settings';
import { activeFilterCount } from '../contact-filters';
import { useContactList, useFilteredTotal } from '../contacts.api';
import type { Contact } from '../contacts.types';
import { ContactFormDrawer } from '../form/contact-form-drawer';
import { ImportModal } from '../import/import-modal';
import { useExportContacts } from '../import/transfer.api';
import { useContactLookups } from '../use-contact-lookups';
import { BulkActions, useConfirmedDelete } from './bulk-actions';
import { ColumnSettingsModal } from './column-settings-modal';
import { ContactCards } from './contact-cards';
import { ContactCounts } from './contact-counts';
import { ContactsTable } from './contacts-table';
import { ContactFiltersButton, ContactFiltersForm } from './filters-form';
import { ListActions } from './list-actions';
import { MergeModal } from './merge-modal';
import { useContactsListState } from './use-list-state';

const PAGE_SIZES = ['25', '50', '100', '200'];

/** /contacts: the contacts of the organisation with filters, counts, bulk actions and tools. */
export function ContactsListPage() {
  const session = useSession();
  const isPhone = useIsPhone();
  const state = useContactsListState();
  const lookups = useContactLookups();
  const list = useContactList(state.query);
  const filtered = useFilteredTotal(state.filterQuery);
  const columnSettings = useColumnSettings(session?.organization._id);
  const columns = useMemo(
    () => resolveColumns(lookups.fields, columnSettings.settings),
    [lookups.fields, columnSettings.settings],
  );
  const exporter = useExportContacts();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [formOpened, form] = useDisclosure(false);
  const [dialog, setDialog] = useState<'import' | 'merge' | 'columns' | null>(null);
  const remove = useConfirmedDelete('contacts-list', state.afterDelete);

  const ability = session?.userData.ability ?? [];
  const canWrite = can(ability, 'write', 'contacts');
  const canUpdate = can(ability, 'update', 'contacts');
  const canDelete = can(ability, 'delete', 'contacts');

  const openCreate = () => {
    setEditing(null);
    form.open();
  };
  const openEdit = (contact: Contact) => {
    setEditing(contact);
    form.open();
  };
  const runExport = () =>
    exporter.mutate(
      { ...state.filterQuery, ratingType: state.filters.ratingType ?? undefined },
      {
        onSuccess: (name) => toast.success(`Downloaded ${name}`),
        onError: (error) => {
          const message = failureText(error, 'Something went wrong');
          if (message) toast.error(message);
        },
      },
    );

  const contacts = list.data?.list ?? [];
  const hasMore = list.data?.pagination.hasMore ?? false;
  const total = filtered.data?.total ?? 0;
  // A capped total (1,000+) under-counts: the next page exists as long as the server has more.
  const pages = Math.max(totalPages(total, state.pageSize), state.page + (hasMore ? 2 : 1));
  const selectedContacts = contacts.filter((contact) => state.selected.has(contact._id));
  const filterProps = {
    filters: state.filters,
    onChange: state.setFilters,
    lookups,
    showDataFlow: state.showDataFlow,
  };
  const actionProps = {
    onImport: canWrite ? () => setDialog('import') : undefined,
    onExport: runExport,
    exporting: exporter.isPending,
    onMerge: canUpdate ? () => setDialog('merge') : undefined,
  };

  const rowProps = {
    contacts,
    selected: state.selected,
    onToggle: state.toggle,
    onToggleAll: (on: boolean) => state.setSelected(on ? new Set(contacts.map((c) => c._id)) : new Set()),
    onEdit: openEdit,
    onDelete: (contact: Contact) => remove([contact._id]),
    canUpdate,
    canDelete,
  };

  return (
    <Stack gap={0} maw={1600} mx="auto">
      <PageToolbar
        title="Contacts"
        search={{ value: state.searchText, onChange: state.setSearchText, placeholder: 'Search contacts' }}
        filters={
          isPhone ? (
            <Stack gap="md">
              <ContactFiltersForm {...filterProps} />
              <ListActions {...actionProps} stacked />
            </Stack>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <ContactFiltersButton {...filterProps} />
              <ListActions {...actionProps} onColumns={() => setDialog('columns')} />
            </Group>
          )
        }
        primaryAction={
          canWrite && !isPhone
            ? { label: 'Import', icon: <IconFileImport size={16} />, onClick: () => setDialog('import') }
            : undefined
        }
        onAdd={canWrite ? openCreate : undefined}
        addLabel="Add contact"
      />
      <ContactCounts filtered={filtered.data} filters={state.filters} onFilters={state.setFilters} />
      <BulkActions
        selectedIds={[...state.selected]}
        onClear={() => state.setSelected(new Set())}
        onDeleted={state.afterDelete}
        onMerge={() => setDialog('merge')}
        tags={lookups.tags}
        leadSources={lookups.leadSources}
        contactTypes={lookups.contactTypes}
        stages={lookups.stages}
        canUpdate={canUpdate}
        canDelete={canDelete}
      />
      {list.isPending ? (
        <LoadingSpinner />
      ) : contacts.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconUsers size={32} />}
            title={
              state.filters.search || activeFilterCount(state.filters) > 0
                ? 'No contacts match these filters'
                : 'No contacts yet'
            }
            description="Add a contact or import a file to get started."
          >
            {canWrite && (
              <EmptyState.Actions>
                <Button onClick={openCreate}>Add contact</Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder={!isPhone} pos="relative" bg={isPhone ? 'transparent' : undefined}>
          <LoadingOverlay visible={list.isPlaceholderData && list.isFetching} overlayProps={{ blur: 1 }} />
          {isPhone ? <ContactCards {...rowProps} /> : <ContactsTable {...rowProps} columns={columns} />}
        </Paper>
      )}
      {contacts.length > 0 && (
        <Group justify="space-between" mt="md" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Rows
            </Text>
            <Select
              aria-label="Rows per page"
              data={PAGE_SIZES}
              value={String(state.pageSize)}
              onChange={(value) => value && state.setPageSize(Number(value))}
              w={84}
              size="xs"
              allowDeselect={false}
            />
          </Group>
          <Pagination
            total={pages}
            value={state.page + 1}
            onChange={(value) => state.setPage(value - 1)}
            size="sm"
            siblings={isPhone ? 0 : 1}
            aria-label="Pages"
          />
        </Group>
      )}
      <ContactFormDrawer opened={formOpened} onClose={form.close} contact={editing} />
      <ImportModal opened={dialog === 'import'} onClose={() => setDialog(null)} />
      <MergeModal
        opened={dialog === 'merge'}
        onClose={() => setDialog(null)}
        candidates={selectedContacts.length > 1 ? selectedContacts : undefined}
        onMerged={() => state.setSelected(new Set())}
      />
      <ColumnSettingsModal
        opened={dialog === 'columns'}
        onClose={() => setDialog(null)}
        columns={columns}
        onSave={(next) => columnSettings.save(settingsFromColumns(next))}
        onReset={columnSettings.reset}
      />
    </Stack>
  );
}
