import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { stubMediaQueries } from '../../test-media';
import { jsonResponse, renderWithProviders } from '../../test-utils';
import type { ListColumn } from './column-settings';
import { contactAnswer, contactsApi, id, signInWithContacts } from './contacts.test-kit';
import { ContactsTable } from './list/contacts-table';
import { columnWidth, splitColumns, tableMinWidth } from './list/table-layout';
import { FilesTab } from './records/files-tab';
import { ContactFieldsSettings } from './settings/fields-settings';

// Layout of the wide contacts screens: the pinned name and actions columns of the list, headers
// that are not cut, and the phone forms of the contact fields settings and the files view.

const column = (key: string, label: string, width = 120, visible = true): ListColumn => ({
  key,
  label,
  width,
  fieldType: 'text',
  customId: null,
  visible,
});

const setPhone = (matches: boolean) => stubMediaQueries(() => matches);

beforeEach(() => {
  storeSession(signInWithContacts());
  vi.stubGlobal('fetch', contactsApi([]));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('contacts table layout', () => {
  it('widens a column whose header label would be cut, and keeps wider ones', () => {
    const measure = (label: string) => label.length * 9;
    expect(columnWidth(column('paymentStatus', 'Payment Status', 120), measure)).toBe(14 * 9 + 26);
    expect(columnWidth(column('plan', 'Plan', 120), measure)).toBe(120);
    // A very long custom label stops growing; its header shows an ellipsis and a title.
    expect(columnWidth(column('custom:x', 'x'.repeat(80), 100), measure)).toBe(280);
  });

  it('pins the name column first whatever the order, and leaves hidden columns out', () => {
    const { pinned, rest } = splitColumns([
      column('email', 'Email'),
      column('fullName', 'Full Name'),
      column('phone', 'Phone', 120, false),
      column('plan', 'Plan'),
    ]);
    expect(pinned?.key).toBe('fullName');
    expect(rest.map((c) => c.key)).toEqual(['email', 'plan']);
  });

  it('counts the selection and actions columns in the least width', () => {
    const measure = columnWidth(column('a', 'A', 200));
    expect(tableMinWidth([column('a', 'A', 200), column('b', 'B', 150, false)])).toBe(44 + measure + 56);
  });

  it('renders checkbox, name, the scrolling columns, then the row menu', () => {
    const contacts = [contactAnswer(1, { fullName: 'Ada Lovelace' })];
    renderWithProviders(
      <ContactsTable
        contacts={contacts}
        columns={[
          column('email', 'Email'),
          column('fullName', 'Full Name'),
          column('paymentStatus', 'Payment Status'),
        ]}
        selected={new Set()}
        onToggle={() => {}}
        onToggleAll={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
        canUpdate
        canDelete
      />,
    );
    const table = screen.getByRole('table', { name: 'Contacts' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      '',
      'Full Name',
      'Email',
      'Payment Status',
      'Actions',
    ]);
    expect(within(headers[3]!).getByText('Payment Status')).toHaveAttribute('title', 'Payment Status');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(within(cells[0]!).getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeInTheDocument();
    expect(cells[1]).toHaveTextContent('Ada Lovelace');
    expect(cells[3]).toHaveTextContent('None');
    expect(within(cells[4]!).getByRole('button', { name: 'Actions for Ada Lovelace' })).toBeInTheDocument();
    // The edges stay put while the middle scrolls: the same sticky class on header and body.
    const own = (el: HTMLElement) =>
      [...el.classList].filter((c) => !c.startsWith('m_') && !c.startsWith('mantine-')).join(' ');
    expect(own(cells[0]!)).not.toBe('');
    expect(own(cells[0]!)).toBe(own(headers[0]!));
    expect(own(cells[1]!)).toBe(own(headers[1]!));
    expect(own(cells[4]!)).toBe(own(headers[4]!));
    expect(own(cells[2]!)).toBe('');
  });
});

describe('contact fields settings on a phone', { timeout: 20_000 }, () => {
  it('shows a card per field with its switch, width and buttons instead of the wide table', async () => {
    setPhone(true);
    renderWithProviders(<ContactFieldsSettings />);
    const list = await screen.findByRole('list', { name: 'Contact fields' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(screen.queryByRole('table')).toBeNull();
    const email = items.find((item) => item.getAttribute('data-field') === 'email')!;
    expect(within(email).getByText('Email')).toBeInTheDocument();
    expect(within(email).getByRole('switch', { name: 'Show Email' })).toBeChecked();
    expect(within(email).getByRole('textbox', { name: 'Width of Email' })).toHaveValue('160');
    for (const name of ['Move Email up', 'Move Email down', 'Edit Email']) {
      expect(within(email).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('keeps the table on wider screens', async () => {
    setPhone(false);
    renderWithProviders(<ContactFieldsSettings />);
    const table = await screen.findByRole('table', { name: 'Contact fields' });
    expect(await within(table).findByRole('switch', { name: 'Show Email' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Contact fields' })).toBeNull();
  });
});

describe('files on a phone', { timeout: 20_000 }, () => {
  it('puts kind, size and day under the name and keeps the delete button in the row', async () => {
    setPhone(true);
    const contactId = id(1);
    vi.stubGlobal(
      'fetch',
      contactsApi([], (url) =>
        url.pathname === `/api/contact-file/${contactId}`
          ? jsonResponse({
              list: [
                {
                  _id: id(5001),
                  contactId,
                  fileId: id(5001),
                  fileName: 'signed-membership-waiver-and-medical-release-form-2026.pdf',
                  kind: 'document',
                  mimeType: 'application/pdf',
                  size: 2048,
                  url: `/api/contact-file/${contactId}/${id(5001)}`,
                  createdBy: null,
                  createdAt: '2026-01-01T04:30:00.000Z',
                },
              ],
              pagination: { page: 1, pageSize: 50, hasMore: false },
            })
          : undefined,
      ),
    );
    renderWithProviders(<FilesTab contactId={contactId} canWrite />);
    const table = await screen.findByRole('table', { name: 'Contact files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Document · 2 KB · Jan 1, 2026')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', {
        name: 'Delete signed-membership-waiver-and-medical-release-form-2026.pdf',
      }),
    ).toBeInTheDocument();
  });
});
