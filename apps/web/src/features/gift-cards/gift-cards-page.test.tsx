import { GIFT_CARD_TEXT, type GiftCardAnswer, type GiftCardDetailAnswer } from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp, stubDocumentFonts } from '../../test-utils';

const RULES = [fullRule('giftcards')];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let stored: GiftCardDetailAnswer[] = [];
let failList = false;

const card = (recipientName: string, amountCents: number): GiftCardDetailAnswer => ({
  _id: `0190a000-0000-7000-8000-${String(stored.length + 10).padStart(12, '0')}`,
  code: 'ABCD-EFGH-JKLM-NPQR',
  templateId: null,
  templateName: null,
  initialCents: amountCents,
  balanceCents: amountCents,
  activated: true,
  status: 'active',
  hasPin: false,
  recipientName,
  recipientEmail: null,
  contactId: null,
  message: null,
  deliverOn: null,
  delivery: 'none',
  sentAt: null,
  expiresAt: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
  entries: [
    {
      _id: '0190a000-0000-7000-8000-000000000001',
      kind: 'issue',
      amountCents,
      balanceAfterCents: amountCents,
      reference: null,
      reason: 'Issued',
      byName: 'Alex Admin',
      createdAt: '2026-03-02T09:30:00.000Z',
    },
  ],
  publicPath: '/gift/g1.x.y.z',
});

/** The server, in memory; anything else answers the session. */
function serve(answer: ReturnType<typeof makeLoginAnswer>) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0];
    if (path === '/api/giftcard' && method === 'GET') {
      if (failList)
        return jsonResponse({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, 500);
      const list: GiftCardAnswer[] = stored;
      return jsonResponse({ list, total: list.length, page: 1, pageSize: 25 });
    }
    if (path === '/api/giftcard/stats') {
      const owed = stored.reduce((s, c) => s + c.balanceCents, 0);
      return jsonResponse({
        liabilityCents: owed,
        activeCount: stored.length,
        issuedCents: owed,
        redeemedCents: 0,
      });
    }
    if (path === '/api/giftcard/settings') return jsonResponse({ expiryMonths: null, requirePin: false });
    if (path === '/api/giftcard-template') return jsonResponse({ list: [] });
    if (path === '/api/giftcard' && method === 'POST') {
      const body = JSON.parse(String(init.body));
      const made = card(body.recipientName, body.amountCents);
      stored = [...stored, made];
      return jsonResponse({ success: true, message: GIFT_CARD_TEXT.issued, data: made });
    }
    const one = stored.find((c) => path === `/api/giftcard/${c._id}`);
    if (one && method === 'PUT') {
      const updated = { ...one, ...JSON.parse(String(init.body)) };
      stored = stored.map((c) => (c._id === one._id ? updated : c));
      return jsonResponse({ success: true, message: GIFT_CARD_TEXT.updated, data: updated });
    }
    if (one) return jsonResponse(one);
    return jsonResponse({ userData: answer.userData, organization: answer.organization });
  });
}

beforeEach(() => {
  stored = [];
  failList = false;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  stubDocumentFonts();
});
afterEach(() => vi.unstubAllGlobals());

describe('gift cards page', { timeout: 20_000 }, () => {
  it('issues a card for a plain amount and opens it with its ledger', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility(RULES), plan: { permissions: RULES } });
    storeSession(answer);
    serve(answer);
    renderApp('/gift-cards');
    const user = userEvent.setup();
    expect(await screen.findByText('No gift cards yet', {}, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Issue gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue gift card' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(within(dialog).getByText('Enter an amount')).toBeInTheDocument();
    expect(within(dialog).getByText('Recipient name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount ($)'), '50');
    await user.type(within(dialog).getByLabelText('Recipient name'), 'Pat Recipient');
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

    expect(await screen.findByText(GIFT_CARD_TEXT.issued)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/giftcard', 'POST')[0]?.body).toMatchObject({
      templateId: null,
      amountCents: 5000,
      recipientName: 'Pat Recipient',
    });
    expect(await screen.findByTestId('gift-card-code')).toHaveTextContent('ABCD-EFGH-JKLM-NPQR');
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.getByText('Ledger')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit gift card' });
    await user.clear(within(edit).getByLabelText('Recipient name'));
    await user.type(within(edit).getByLabelText('Recipient name'), 'Robin Renamed');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(GIFT_CARD_TEXT.updated)).toBeInTheDocument();
    const put = callsTo(fetchMock, `/giftcard/${stored[0]!._id}`, 'PUT')[0]?.body;
    expect(put).toMatchObject({ recipientName: 'Robin Renamed', deliverOn: null });
  });

  it('says "Failed to fetch gift cards" when the list cannot be read', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility(RULES), plan: { permissions: RULES } });
    storeSession(answer);
    serve(answer);
    failList = true;
    renderApp('/gift-cards');
    expect(
      (await screen.findAllByText(GIFT_CARD_TEXT.fetchFailed, {}, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
  });

  it('is closed to a role that cannot read gift cards', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility([]), plan: { permissions: [] } });
    storeSession(answer);
    serve(answer);
    renderApp('/gift-cards');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/giftcard')).toEqual([]);
  });
});
