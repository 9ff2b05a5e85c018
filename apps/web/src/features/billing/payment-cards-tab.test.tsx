import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import { contactAnswer, contactsApi, id, signInWithBilling } from '../contacts/contacts.test-kit';
import type { PaymentCard } from './billing.api';
import { formatCardNumber, parseExpiry, validateCard } from './components/add-card-form';

const CONTACT = contactAnswer(1, { fullName: 'Morgan Member' });
const CARDS_PATH = `/payment/cards/${CONTACT._id}`;
let cards: PaymentCard[];
let api: ReturnType<typeof contactsApi>;

function card(n: number, brand: string, last4: string, isDefault: boolean): PaymentCard {
  return {
    _id: id(3000 + n),
    contactId: CONTACT._id,
    provider: 'sandbox',
    brand,
    last4,
    expMonth: 12,
    expYear: 2030,
    holderName: null,
    isDefault,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A stand-in for the server with the sandbox provider's rules that matter here. */
function cardsServer(url: URL, init: RequestInit): Response | undefined {
  if (url.pathname === `/api/contact/getById/${CONTACT._id}`) return jsonResponse(CONTACT);
  // A development server: the sandbox collects cards on the form and lists its test cards.
  if (url.pathname === '/api/payment/config')
    return jsonResponse({ provider: 'sandbox', publishableKey: null, showTestCards: true });
  if (url.pathname === `/api${CARDS_PATH}` && (init.method ?? 'GET') === 'GET')
    return jsonResponse({ list: cards });
  if (url.pathname === `/api${CARDS_PATH}` && init.method === 'POST') {
    const body = JSON.parse(String(init.body));
    if (body.number === '4000000000000002') {
      const message = 'Your card was declined.';
      return jsonResponse(
        {
          error: {
            code: 'BAD_REQUEST',
            message,
            details: [{ field: 'number', message, code: 'card_declined' }],
          },
        },
        400,
      );
    }
    const brand = body.number.startsWith('4') ? 'Visa' : 'Mastercard';
    const made = card(
      cards.length + 1,
      brand,
      body.number.slice(-4),
      cards.length === 0 || !!body.makeDefault,
    );
    made.holderName = body.holderName ?? null;
    if (made.isDefault) cards = cards.map((c) => ({ ...c, isDefault: false }));
    cards = [...cards, made];
    return jsonResponse({ success: true, message: 'Card added', data: made });
  }
  if (url.pathname === `/api${CARDS_PATH}` && init.method === 'PUT') {
    const body = JSON.parse(String(init.body));
    cards = cards.map((c) => ({ ...c, isDefault: c._id === body.cardId }));
    return jsonResponse({
      success: true,
      message: 'Card updated',
      data: cards.find((c) => c._id === body.cardId),
    });
  }
  if (url.pathname.startsWith(`/api${CARDS_PATH}/`) && init.method === 'DELETE') {
    cards = cards.filter((c) => !url.pathname.endsWith(c._id));
    return jsonResponse({ success: true, message: 'Card removed' });
  }
  return undefined;
}

beforeEach(() => {
  storeSession(signInWithBilling());
  cards = [];
  api = contactsApi([CONTACT], cardsServer);
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('payment cards view', { timeout: 30_000 }, () => {
  it('adds a sandbox card, names a refused one, makes another the default and removes one', async () => {
    const user = userEvent.setup();
    renderApp(`/contacts/${CONTACT._id}?view=payment-cards`);
    expect(await screen.findByText('No cards on file yet.', {}, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const form = await screen.findByRole('form', { name: 'Add card' });
    const help = within(form).getByTestId('sandbox-test-cards');
    expect(help).toHaveTextContent('4242 4242 4242 4242');
    expect(help).toHaveTextContent('4000 0000 0000 0002 declined');

    // Nothing is sent until the number and expiry can be read.
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(within(form).getByText('Card number is required')).toBeInTheDocument();
    expect(within(form).getByText('Expiry is required')).toBeInTheDocument();
    expect(callsTo(api, CARDS_PATH, 'POST')).toHaveLength(0);

    // A card the provider refuses: its reason under the number and in a toast; the form stays.
    await user.type(within(form).getByLabelText(/Card number/), '4000000000000002');
    expect(within(form).getByLabelText(/Card number/)).toHaveValue('4000 0000 0000 0002');
    await user.type(within(form).getByLabelText(/Expiry/), '1230');
    expect(within(form).getByLabelText(/Expiry/)).toHaveValue('12/30');
    await user.type(within(form).getByLabelText('Security code'), '123');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThan(1);

    const number = within(form).getByLabelText(/Card number/);
    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.type(within(form).getByLabelText('Name on card'), 'Morgan Member');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Card added: Visa •••• 4242')).toBeInTheDocument();
    expect(callsTo(api, CARDS_PATH, 'POST').at(-1)?.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      holderName: 'Morgan Member',
    });
    const list = await screen.findByRole('list', { name: 'Payment cards' });
    const visa = await within(list).findByRole('listitem', { name: 'Visa •••• 4242' });
    expect(visa).toHaveTextContent('Default');
    expect(visa).toHaveTextContent('Expires 12/30 · Morgan Member');

    // A second card, then make it the default.
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const again = await screen.findByRole('form', { name: 'Add card' });
    await user.type(within(again).getByLabelText(/Card number/), '5555555555554444');
    await user.type(within(again).getByLabelText(/Expiry/), '0129');
    await user.click(within(again).getByRole('button', { name: 'Add card' }));
    const master = await within(list).findByRole('listitem', { name: 'Mastercard •••• 4444' });
    expect(master).not.toHaveTextContent('Default');
    await user.click(
      within(master).getByRole('button', { name: 'Make Mastercard •••• 4444 the default card' }),
    );
    expect(await screen.findByText('Mastercard •••• 4444 is now the default card')).toBeInTheDocument();
    expect(callsTo(api, CARDS_PATH, 'PUT')[0]?.body).toEqual({ cardId: id(3002), isDefault: true });
    await waitFor(() => expect(master).toHaveTextContent('Default'));
    expect(visa).not.toHaveTextContent('Default');

    // Remove the Visa after confirming.
    await user.click(within(visa).getByRole('button', { name: 'Remove Visa •••• 4242' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove card' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Card removed')).toBeInTheDocument();
    expect(callsTo(api, `${CARDS_PATH}/${id(3001)}`, 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Visa •••• 4242' })).toBeNull());
  });

  it('shows why the cards could not be loaded', async () => {
    api = contactsApi([CONTACT], (url, init) =>
      url.pathname === `/api${CARDS_PATH}`
        ? jsonResponse({ error: { code: 'FORBIDDEN', message: 'You may not read contacts' } }, 403)
        : cardsServer(url, init),
    );
    vi.stubGlobal('fetch', api);
    renderApp(`/contacts/${CONTACT._id}?view=payment-cards`);
    expect(
      await screen.findByText('Unable to load payment cards', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('You may not read contacts')).toBeInTheDocument();
  });
});

describe('card form rules', () => {
  it('groups the number, reads MM/YY and refuses a past expiry', () => {
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(parseExpiry('7/31')).toEqual({ expMonth: 7, expYear: 2031 });
    expect(parseExpiry('12/2030')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    const now = new Date(2026, 4, 15);
    const values = {
      number: '4242424242424242',
      expiry: '04/26',
      cvc: '',
      holderName: '',
      makeDefault: false,
    };
    expect(validateCard(values, now)).toEqual({ expiry: 'Your card has expired.' });
    expect(validateCard({ ...values, expiry: '05/26' }, now)).toEqual({});
    expect(validateCard({ ...values, cvc: '12' }, now).cvc).toBe('Your card’s security code is invalid.');
  });
});
