import type { ImportJobAnswer, ImportRowError } from '@opsuite/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { callsTo, jsonResponse, renderWithProviders } from '../../../test-utils';
import { contactsApi, id, signInWithContacts } from '../contacts.test-kit';
import { ImportModal } from './import-modal';

const JOB_ID = id(4001);
/** 150 refused rows: row 2 a duplicate, the others rejected, so they take two pages of 100. */
const REFUSED: ImportRowError[] = Array.from({ length: 150 }, (_, i) => {
  const row = i + 2;
  return row === 2
    ? {
        row,
        kind: 'duplicate',
        reason: 'Duplicate of row 1 (same email)',
        contactId: null,
        duplicateOfRow: 1,
      }
    : {
        row,
        kind: 'rejected',
        reason: `Please enter a valid email address: "bad-${row}"`,
        contactId: null,
        duplicateOfRow: null,
      };
});

/** The server's answer (ImportJobAnswer) for one page of the refused rows. */
function jobAnswer(status: 'processing' | 'success', page: number, pageSize: number): ImportJobAnswer {
  const done = status === 'success';
  const errors = done ? REFUSED.slice((page - 1) * pageSize, page * pageSize) : [];
  return {
    jobId: JOB_ID,
    status,
    source: 'csv',
    fileName: 'people.csv',
    total: 152,
    processed: done ? 152 : 0,
    created: done ? 1 : 0,
    duplicates: done ? 1 : 0,
    rejected: done ? 149 : 0,
    errors,
    errorsPage: {
      page,
      pageSize,
      total: done ? REFUSED.length : 0,
      hasMore: done && page * pageSize < REFUSED.length,
    },
    message: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    finishedAt: done ? '2026-01-01T00:00:02.000Z' : null,
  };
}

let api: ReturnType<typeof contactsApi>;

beforeEach(() => {
  storeSession(signInWithContacts());
  api = contactsApi([], (url, init) => {
    if (url.pathname === '/api/contact/import-contact-array' && init.method === 'POST') {
      return jsonResponse(jobAnswer('processing', 1, 100));
    }
    if (url.pathname === `/api/contact/import-contact-array/${JOB_ID}`) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 100);
      return jsonResponse(jobAnswer('success', page, pageSize));
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

const csv = [
  'Name,Email,Notes about them',
  '"Lovelace, Ada",ada@example.com,x',
  ...Array.from({ length: 151 }, (_, i) => `Person ${i + 2},bad-${i + 2},y`),
].join('\n');

describe('import', () => {
  it('parses the CSV in the browser, posts the rows, follows the job and pages through every refused row', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ImportModal opened onClose={() => {}} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([csv], 'people.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText(/152 contacts found in the file\. Ignored columns: Notes about them\./),
    ).toBeInTheDocument();
    const progress = screen.getByTestId('import-progress');
    expect(progress).toHaveAttribute('data-import-status', 'idle');

    await user.click(screen.getByRole('button', { name: 'Import 152 contacts' }));
    await waitFor(() => expect(progress).toHaveAttribute('data-import-status', 'processing'));
    await waitFor(() => expect(progress).toHaveAttribute('data-import-status', 'success'), { timeout: 4000 });
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Imported:')).toHaveTextContent('Imported: 1');
    expect(screen.getByText('Duplicates:')).toHaveTextContent('Duplicates: 1');
    expect(screen.getByText('Rejected:')).toHaveTextContent('Rejected: 149');
    const posted = callsTo(api, '/contact/import-contact-array', 'POST')[0]?.body;
    expect(posted.fileName).toBe('people.csv');
    expect(posted.contacts).toHaveLength(152);
    expect(posted.contacts[0]).toEqual({ fullName: 'Lovelace, Ada', email: 'ada@example.com' });

    // Page 1: rows 2 to 101, each with its row number and reason.
    const table = screen.getByRole('table', { name: 'Rows not imported' });
    expect(screen.getByText('Rows not imported (150)')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    const duplicate = table.querySelector('[data-import-row="2"]') as HTMLElement;
    expect(duplicate).toHaveTextContent('Duplicate');
    expect(duplicate).toHaveTextContent('Duplicate of row 1 (same email)');
    const rejected = table.querySelector('[data-import-row="3"]') as HTMLElement;
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Please enter a valid email address: "bad-3"');
    expect(table.querySelector('[data-import-row="102"]')).toBeNull();
    expect(screen.getByText('Rows 1–100 of 150')).toBeInTheDocument();

    // Page 2: the last 50, read from the server.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(table.querySelector('[data-import-row="151"]')).not.toBeNull());
    expect(table.querySelector('[data-import-row="151"]')).toHaveTextContent(
      'Please enter a valid email address: "bad-151"',
    );
    expect(table.querySelector('[data-import-row="2"]')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Rows 101–150 of 150')).toBeInTheDocument();
    const pageTwo = callsTo(api, `/contact/import-contact-array/${JOB_ID}`).find((c) => c.query.page === '2');
    expect(pageTwo?.query).toEqual({ page: '2', pageSize: '100' });
  }, 20_000);

  it('says why a job failed on the server and keeps the counts so far', async () => {
    api = contactsApi([], (url, init) => {
      if (url.pathname === '/api/contact/import-contact-array' && init.method === 'POST') {
        return jsonResponse({
          ...jobAnswer('success', 1, 100),
          status: 'failed',
          processed: 40,
          created: 38,
          message: 'The database went away',
        });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api);
    const user = userEvent.setup();
    renderWithProviders(<ImportModal opened onClose={() => {}} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([csv], 'people.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 152 contacts' }));
    const progress = screen.getByTestId('import-progress');
    await waitFor(() => expect(progress).toHaveAttribute('data-import-status', 'failed'));
    expect(screen.getByText(/The database went away/)).toBeInTheDocument();
    expect(screen.getByText('Imported:')).toHaveTextContent('Imported: 38');
    expect(screen.getByText('40 of 152 rows processed')).toBeInTheDocument();
  }, 10_000);
});
