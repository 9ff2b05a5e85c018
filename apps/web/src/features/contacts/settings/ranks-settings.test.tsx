import { buildAbility, readOnlyRule } from '@opsuite/shared/rules/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, ORG_ID, renderApp } from '../../../test-utils';
import { contactsApi, id, signInWithContacts } from '../contacts.test-kit';
import type { ClientRank } from '../contacts.types';
import { requirementsText } from './rank-requirements-modal';

const category = { _id: id(1001), name: 'Brazilian Jiu-Jitsu', sortOrder: 0 };
const rank = (n: number, name: string, classesRequired: number | null, minDaysInRank: number | null) => ({
  _id: id(1010 + n),
  categoryId: category._id,
  categoryName: category.name,
  name,
  image: null,
  sortOrder: n,
  classesRequired,
  minDaysInRank,
});

let api: ReturnType<typeof contactsApi>;
let ranks: ClientRank[];

function serve() {
  api = contactsApi([], (url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/rank-category/get') return jsonResponse({ list: [category] });
    if (url.pathname === '/api/client-ranks/get') return jsonResponse({ list: ranks });
    if (url.pathname.startsWith('/api/client-ranks/requirements/') && method === 'PUT') {
      const body = JSON.parse(String(init.body));
      ranks = ranks.map((r) => (url.pathname.endsWith(r._id) ? { ...r, ...body } : r));
      return jsonResponse({ success: true, message: 'Rank requirements updated', data: {} });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api);
}

/** The row of one rank in the ranks settings list. */
const row = async (name: string) =>
  (await screen.findByText(name, {}, { timeout: 5000 })).closest('[data-item]') as HTMLElement;

beforeEach(() => {
  ranks = [rank(0, 'White belt', null, null), rank(1, 'Blue belt', 20, 90), rank(2, 'Purple belt', 1, null)];
  storeSession(signInWithContacts());
  serve();
});
afterEach(() => vi.unstubAllGlobals());

describe('ranks settings: requirements', { timeout: 20_000 }, () => {
  it('says each rank’s requirements in a few words', () => {
    expect(ranks.map(requirementsText)).toEqual(['No requirements', '20 classes · 90 days', '1 class']);
  });

  it('shows the requirements of every rank and edits one from its row', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/contacts/settings?section=ranks');
    // Two contacts' qualification and one contact's invoices, cached from earlier screens.
    const cached = [id(1), id(2)].map((c) => ['contacts', ORG_ID, 'records', c, 'qualification']);
    const invoices = ['contacts', ORG_ID, 'records', id(1), 'invoices'];
    for (const key of [...cached, invoices]) queryClient.setQueryData(key, {});
    expect(within(await row('White belt')).getByText('No requirements')).toBeInTheDocument();
    expect(within(await row('Blue belt')).getByText('20 classes · 90 days')).toBeInTheDocument();

    await user.click(
      within(await row('White belt')).getByRole('button', { name: 'Requirements for White belt' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Requirements for White belt' });
    const classes = within(dialog).getByLabelText('Classes required');
    expect(classes).toHaveValue('');
    await user.type(classes, '12');
    await user.type(within(dialog).getByLabelText('Minimum days in rank'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save requirements' }));

    expect(await screen.findByText('Rank requirements updated')).toBeInTheDocument();
    expect(callsTo(api, `/client-ranks/requirements/${id(1010)}`, 'PUT')).toEqual([
      { query: {}, body: { classesRequired: 12, minDaysInRank: 30 } },
    ]);
    // Every contact's qualification is stale now; other records of the contact are not.
    for (const key of cached) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(invoices)?.isInvalidated).toBe(false);
    // The list is reloaded, so the row shows what was saved.
    await waitFor(() =>
      expect(
        within(screen.getByText('White belt').closest('[data-item]') as HTMLElement).getByText(
          '12 classes · 30 days',
        ),
      ).toBeInTheDocument(),
    );
  });

  it('shows a refused save in a toast and keeps the modal open', async () => {
    const base = api.getMockImplementation()!;
    api.mockImplementation(async (input, init = {}) =>
      String(input).includes('/client-ranks/requirements/')
        ? jsonResponse({ error: { code: 'NOT_FOUND', message: 'Rank not found' } }, 404)
        : base(input, init),
    );
    const user = userEvent.setup();
    renderApp('/contacts/settings?section=ranks');
    await user.click(
      within(await row('Blue belt')).getByRole('button', { name: 'Requirements for Blue belt' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Requirements for Blue belt' });
    expect(within(dialog).getByLabelText('Classes required')).toHaveValue('20');
    await user.click(within(dialog).getByRole('button', { name: 'Save requirements' }));
    expect(await screen.findByText('Rank not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Requirements for Blue belt' })).toBeInTheDocument();
  });

  it('offers no Requirements action to users who cannot update', async () => {
    storeSession(
      makeLoginAnswer({
        ability: buildAbility([readOnlyRule('contacts')]),
        plan: { permissions: [readOnlyRule('contacts')] },
      }),
    );
    renderApp('/contacts/settings?section=ranks');
    expect(within(await row('Blue belt')).getByText('20 classes · 90 days')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Requirements for/ })).not.toBeInTheDocument();
  });
});
