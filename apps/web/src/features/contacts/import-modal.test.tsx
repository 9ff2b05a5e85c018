import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { jsonResponse, renderWithProviders } from '../../test-utils';
import { ImportModal } from './components/import-modal';
import { toImportJob } from './contact-transfer.api';
import { callsTo, contactsApi, signInWithContacts } from './contacts.fixtures';

let api: ReturnType<typeof contactsApi>;

beforeEach(() => {
  storeSession(signInWithContacts());
  api = contactsApi([], (url, init) => {
    if (url.pathname === '/api/contact/import-contact-array' && init.method === 'POST') {
      return jsonResponse({ importId: 'job-1', status: 'processing', total: 2, processed: 0 });
    }
    if (url.pathname === '/api/contact/import-contact-array/job-1') {
      return jsonResponse({
        importId: 'job-1',
        status: 'success',
        total: 2,
        processed: 2,
        imported: 1,
        duplicates: 0,
        rejected: [{ row: 2, reason: 'Email is not valid' }],
      });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('import', () => {
  it('parses the CSV in the browser, posts the rows and follows the job to success', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ImportModal opened onClose={() => {}} />);
    const csv = 'Name,Email,Notes about them\n"Lovelace, Ada",ada@example.com,x\nBob,bob@,y\n';
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([csv], 'people.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText(/2 contacts found in the file\. Ignored columns: Notes about them\./),
    ).toBeInTheDocument();
    const progress = screen.getByTestId('import-progress');
    expect(progress).toHaveAttribute('data-import-status', 'idle');

    await user.click(screen.getByRole('button', { name: 'Import 2 contacts' }));
    await waitFor(() => expect(progress).toHaveAttribute('data-import-status', 'processing'));
    await waitFor(() => expect(progress).toHaveAttribute('data-import-status', 'success'), { timeout: 4000 });
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getByText('Imported:')).toHaveTextContent('Imported: 1');
    expect(callsTo(api, '/contact/import-contact-array', 'POST')[0]?.body).toEqual({
      fileName: 'people.csv',
      contacts: [
        { fullName: 'Lovelace, Ada', email: 'ada@example.com' },
        { fullName: 'Bob', email: 'bob@' },
      ],
    });
  });

  it('reads the counts of a job answered at once, whatever their names', () => {
    expect(
      toImportJob(
        {
          success: true,
          data: { accepted: 3, duplicateCount: 1, errors: [{ index: 4, message: 'No name' }] },
        },
        5,
      ),
    ).toEqual({
      importId: null,
      status: 'success',
      total: 5,
      processed: 5,
      imported: 3,
      duplicates: 1,
      rejected: [{ row: 5, reason: 'No name' }],
    });
    expect(toImportJob({ jobId: 'j', processed: 10 }, 100).status).toBe('processing');
  });
});
