import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { callsTo, jsonResponse, renderWithProviders } from '../../../test-utils';
import { contactAnswer, contactsApi, id, signInWithContacts } from '../contacts.test-kit';
import { MergeModal } from './merge-modal';

let api: ReturnType<typeof contactsApi>;
const keep = { _id: id(1), fullName: 'Sam Keep', photo: null, email: 'sam@x.test', phone: '+15550109999' };
const other = { _id: id(2), fullName: 'Sam Other', photo: null, email: 'sam@x.test', phone: null };

beforeEach(() => {
  storeSession(signInWithContacts());
  api = contactsApi([contactAnswer(1)], (url, init) =>
    url.pathname === '/api/contact/merge' && init.method === 'POST'
      ? jsonResponse({ success: true, message: 'Contacts merged successfully', data: contactAnswer(1) })
      : undefined,
  );
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('merge modal', { timeout: 20_000 }, () => {
  it('asks for confirmation, naming what moves and who is removed, before merging', async () => {
    const user = userEvent.setup();
    const onMerged = vi.fn();
    renderWithProviders(
      <MergeModal opened onClose={() => {}} candidates={[keep, other]} onMerged={onMerged} />,
    );
    expect(await screen.findByText('+1 (555) 010-9999', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Merge into the kept contact' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Merge into Sam Keep?')).toBeInTheDocument();
    expect(
      within(confirm).getByText(/bookings and waitlist places, saved cards, contracts/),
    ).toBeInTheDocument();
    expect(within(confirm).getByText(/of Sam Other move to Sam Keep/)).toBeInTheDocument();
    expect(
      within(confirm).getByText(/that contact is removed\. This cannot be undone\./),
    ).toBeInTheDocument();
    expect(callsTo(api, '/contact/merge', 'POST')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(api, '/contact/merge', 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Merge into the kept contact' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm merge' }),
    );
    expect(await screen.findByText('Contacts merged successfully')).toBeInTheDocument();
    expect(callsTo(api, '/contact/merge', 'POST')[0]?.body).toEqual({
      primaryId: id(1),
      duplicateIds: [id(2)],
    });
    await waitFor(() => expect(onMerged).toHaveBeenCalled());
  });

  it('choosing another contact to keep names it in the question', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MergeModal opened onClose={() => {}} candidates={[keep, other]} />);
    await user.click(await screen.findByRole('radio', { name: 'Keep Sam Other' }));
    await user.click(screen.getByRole('button', { name: 'Merge into the kept contact' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Merge into Sam Other?')).toBeInTheDocument();
    expect(within(confirm).getByText(/of Sam Keep move to Sam Other/)).toBeInTheDocument();
  });
});
