import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { callsTo, ORG_ID, renderApp } from '../../../test-utils';
import { columnStorageKey } from '../column-settings';
import { contactAnswer, contactsApi, id, STAGE_NEW, signInWithContacts, TAG_VIP } from '../contacts.test-kit';

const PEOPLE = [
  contactAnswer(1, { fullName: 'Ada Lovelace' }),
  contactAnswer(2, { fullName: 'Grace Hopper' }),
];
let api: ReturnType<typeof contactsApi>;

beforeEach(() => {
  storeSession(signInWithContacts());
  api = contactsApi(PEOPLE, (_url, init) =>
    init.method && init.method !== 'GET'
      ? new Response(JSON.stringify({ success: true, message: 'ok', count: 2 }), { status: 200 })
      : undefined,
  );
  vi.stubGlobal('fetch', api);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function selectBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }, { timeout: 5000 }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
  expect(screen.getByText('2 selected')).toBeInTheDocument();
}

describe('contacts list', { timeout: 20_000 }, () => {
  it('shows the rows, the counts and the filtered total from page 0 with 100 rows', async () => {
    renderApp('/contacts');
    expect(await screen.findByText('Ada Lovelace', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText('+1 (555) 123-4567')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Active: 12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Former: 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Past due: 2' })).toBeInTheDocument();
    expect(screen.getByTestId('filtered-total')).toHaveTextContent('2 contacts');
    expect(callsTo(api, '/contact/get')[0]?.query).toEqual({ page: '0', pageSize: '100' });
  });

  it('turns a count into a filter and debounces the search by 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/contacts');
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Past due: 2' }));
    await waitFor(() => expect(callsTo(api, '/contact/get').at(-1)?.query.paymentStatus).toBe('past_due'));
    expect(callsTo(api, '/contact/get-filtered-total').at(-1)?.query).toEqual({ paymentStatus: 'past_due' });

    await user.type(screen.getByLabelText('Search contacts'), 'ada');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(callsTo(api, '/contact/get').some((c) => c.query.search)).toBe(false);
    await act(async () => vi.advanceTimersByTime(600));
    await waitFor(() =>
      expect(callsTo(api, '/contact/get').at(-1)?.query).toEqual({
        search: 'ada',
        paymentStatus: 'past_due',
        page: '0',
        pageSize: '100',
      }),
    );
  });

  it('adds tags to the selected contacts and reloads the list', async () => {
    const user = userEvent.setup();
    renderApp('/contacts');
    await selectBoth(user);
    const loads = callsTo(api, '/contact/get').length;
    await user.click(screen.getByRole('button', { name: 'Add tags & lead source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tags and lead source' });
    await user.click(within(dialog).getAllByLabelText('Tags')[0]!);
    await user.click(await screen.findByRole('option', { name: TAG_VIP.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Tags and lead source added')).toBeInTheDocument();
    expect(callsTo(api, '/contact/bulk-add-tags-leadsource', 'PUT')[0]?.body).toEqual({
      ids: [id(1), id(2)],
      tagIds: [TAG_VIP._id],
    });
    await waitFor(() => expect(callsTo(api, '/contact/get').length).toBeGreaterThan(loads));
  });

  it('moves the selected contacts to a stage', async () => {
    const user = userEvent.setup();
    renderApp('/contacts');
    await selectBoth(user);
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move contacts' });
    await user.click(within(dialog).getByText('Stage'));
    await user.click(within(dialog).getAllByLabelText('Move to stage')[0]!);
    await user.click(await screen.findByRole('option', { name: STAGE_NEW.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Contact moved')).toBeInTheDocument();
    expect(callsTo(api, '/contact/mass-move', 'PUT')[0]?.body).toEqual({
      ids: [id(1), id(2)],
      stageId: STAGE_NEW._id,
    });
  });

  it('deletes the selected contacts after confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/contacts');
    await selectBoth(user);
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete contacts' });
    expect(within(dialog).getByText(/Delete 2 contacts\?/)).toBeInTheDocument();
    expect(callsTo(api, '/contact/delete', 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted')).toBeInTheDocument();
    expect(callsTo(api, '/contact/delete', 'DELETE')[0]?.body).toEqual({
      ids: [id(1), id(2)],
      source: 'contacts-list',
    });
    await waitFor(() => expect(callsTo(api, '/contact/get').at(-1)?.query.pageSize).toBe('100'));
  });

  it('hides a column and remembers it in local storage', async () => {
    const user = userEvent.setup();
    const first = renderApp('/contacts');
    await screen.findByText('Ada Lovelace');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Tags up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save columns' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(columnStorageKey(ORG_ID)) ?? 'null')).toEqual({
      order: ['fullName', 'email', 'tags', 'phone'],
      hidden: ['email'],
    });
    first.unmount();

    renderApp('/contacts');
    await screen.findByText('Ada Lovelace');
    const headers = screen
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
      .filter((text) => text && text !== 'Actions');
    expect(headers).toEqual(['Full Name', 'Tags', 'Phone']);
  });
});
