import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { callsTo, jsonResponse, renderWithProviders } from '../../../test-utils';
import { contactsApi, id, signInWithContacts } from '../contacts.test-kit';
import type { ContactFile } from '../contacts.types';
import { FilesTab } from './files-tab';

const CONTACT_ID = id(1);
/** 53 files: a full first page of 50 and three more. */
const FILES: ContactFile[] = Array.from({ length: 53 }, (_, i) => ({
  _id: id(5000 + i),
  contactId: CONTACT_ID,
  fileId: id(5000 + i),
  fileName: `file-${i + 1}.txt`,
  kind: 'text',
  mimeType: 'text/plain',
  size: 100,
  url: `/api/contact-file/${CONTACT_ID}/${id(5000 + i)}`,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
}));

let api: ReturnType<typeof contactsApi>;

beforeEach(() => {
  storeSession(signInWithContacts());
  api = contactsApi([], (url) => {
    if (url.pathname !== `/api/contact-file/${CONTACT_ID}`) return undefined;
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return jsonResponse({
      list: FILES.slice((page - 1) * pageSize, page * pageSize),
      pagination: { page, pageSize, hasMore: page * pageSize < FILES.length },
    });
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('files view', { timeout: 20_000 }, () => {
  it('shows the first 50 files and loads the rest on demand', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FilesTab contactId={CONTACT_ID} canWrite />);
    const table = await screen.findByRole('table', { name: 'Contact files' });
    expect(within(table).getByText('file-50.txt')).toBeInTheDocument();
    expect(within(table).queryByText('file-51.txt')).toBeNull();
    expect(screen.getByText('Showing the first 50 files')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getByText('file-53.txt')).toBeInTheDocument());
    expect(within(table).getAllByRole('row')).toHaveLength(54);
    expect(screen.getByText('53 files')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(api, `/contact-file/${CONTACT_ID}`).map((c) => c.query)).toEqual([
      { page: '1', pageSize: '50' },
      { page: '2', pageSize: '50' },
    ]);
  });

  it("shows the server's reason when the files cannot be loaded", async () => {
    api = contactsApi([], () =>
      jsonResponse({ error: { code: 'NOT_FOUND', message: 'Contact not found' } }, 404),
    );
    vi.stubGlobal('fetch', api);
    renderWithProviders(<FilesTab contactId={CONTACT_ID} canWrite />);
    expect(await screen.findByText('Unable to load files')).toBeInTheDocument();
    expect(screen.getByText('Contact not found')).toBeInTheDocument();
  });
});
