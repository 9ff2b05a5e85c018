import { GIFT_CARD_TEXT, type GiftCardAnswer } from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp } from '../../test-utils';

const RULES = [fullRule('giftcards')];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let stored: GiftCardAnswer[] = [];

const giftCard = (name: string): GiftCardAnswer => ({
  _id: `0190a000-0000-7000-8000-${String(stored.length + 10).padStart(12, '0')}`,
  name,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
});

/** The server, in memory: the list and the create call; anything else answers the session. */
function serve(answer: ReturnType<typeof makeLoginAnswer>) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/gift-cards' && method === 'GET') return jsonResponse({ list: stored });
    if (url === '/api/gift-cards' && method === 'POST') {
      const made = giftCard(JSON.parse(String(init.body)).name);
      stored = [...stored, made];
      return jsonResponse({ success: true, message: GIFT_CARD_TEXT.created, data: made });
    }
    return jsonResponse({ userData: answer.userData, organization: answer.organization });
  });
}

beforeEach(() => {
  stored = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('gift cards page', { timeout: 20_000 }, () => {
  it('adds a gift card and shows it in the list', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility(RULES), plan: { permissions: RULES } });
    storeSession(answer);
    serve(answer);
    renderApp('/gift-cards');
    const user = userEvent.setup();
    expect(await screen.findByText('No gift cards yet', {}, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add gift card' });
    await user.type(within(dialog).getByLabelText('Name'), 'Spring special');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(GIFT_CARD_TEXT.created)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Spring special' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/gift-cards', 'POST')[0]?.body).toEqual({ name: 'Spring special' });
  });

  it('is closed to a role that cannot read gift cards', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility([]), plan: { permissions: [] } });
    storeSession(answer);
    serve(answer);
    renderApp('/gift-cards');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/gift-cards')).toEqual([]);
  });
});
