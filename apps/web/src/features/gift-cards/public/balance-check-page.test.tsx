import { GIFT_CARD_TEXT, type PublicGiftCardAnswer } from '@opsuite/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../app/auth-store';
import { callsTo, jsonResponse, renderApp } from '../../../test-utils';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const card: PublicGiftCardAnswer = {
  organizationName: 'Demo Fitness',
  codeEnd: '••••-••••-••••-7777',
  balanceCents: 3750,
  initialCents: 5000,
  status: 'active',
  expiresAt: null,
  recipientName: 'Morgan Member',
  message: 'Enjoy!',
  templateName: 'Classic',
  designUrl: null,
  themeColor: '#7367f0',
};

beforeEach(() => {
  clearSession();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('public gift card pages', { timeout: 20_000 }, () => {
  it('checks a balance by code without signing in, and says why one fails', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init.body));
      if (body.code === 'dema card 2525 7777') return jsonResponse(card);
      return jsonResponse({ error: { code: 'NOT_FOUND', message: GIFT_CARD_TEXT.wrongCodeOrPin } }, 404);
    });
    renderApp('/gift-card-balance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check balance' }, { timeout: 5000 }));
    expect(screen.getByText('Enter the gift card code')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Gift card code' }), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText(GIFT_CARD_TEXT.balanceFailed)).toBeInTheDocument();
    expect(screen.getByText(GIFT_CARD_TEXT.wrongCodeOrPin)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Gift card code' }));
    await user.type(screen.getByRole('textbox', { name: 'Gift card code' }), 'dema card 2525 7777');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByTestId('gift-card-balance')).toHaveTextContent('$37.50');
    expect(screen.getByText('$37.50 left of $50.00')).toBeInTheDocument();
    const calls = callsTo(fetchMock, '/public/giftcard/balance', 'POST');
    expect(calls.at(-1)?.body).toEqual({ code: 'dema card 2525 7777', pin: null });
    expect(
      fetchMock.mock.calls.every(([, init]) => !(init.headers as Record<string, string>)?.Authorization),
    ).toBe(true);
  });

  it("shows the recipient's card by its link", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(card));
    renderApp('/gift/g1.abc.def.ghi');
    expect(
      await screen.findByRole('heading', { name: 'A gift for Morgan Member' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('gift-card-balance')).toHaveTextContent('$37.50');
    expect(callsTo(fetchMock, '/public/giftcard/card/g1.abc.def.ghi')).toHaveLength(1);
  });
});
