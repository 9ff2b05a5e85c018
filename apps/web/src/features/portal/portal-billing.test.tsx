import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, headersTo, jsonResponse, renderApp } from '../../test-utils';
import {
  type Answers,
  CONTACT_ID,
  cardOf,
  day,
  defaultAnswers,
  id,
  invoiceOf,
  portalFetch,
  signInMember,
} from './portal.test-kit';

let answers: Answers;
let fetchMock: ReturnType<typeof portalFetch>;

beforeEach(() => {
  signInMember();
  answers = defaultAnswers();
  fetchMock = portalFetch(answers);
});
afterEach(() => vi.unstubAllGlobals());

describe('member portal: billing', { timeout: 20_000 }, () => {
  it('pays an open invoice with the default card, once per attempt', async () => {
    const open = invoiceOf(1);
    answers.invoices = [
      open,
      invoiceOf(2, { status: 'paid', paidAt: '2025-01-10T10:00:00.000Z', description: 'Shoes' }),
    ];
    answers.cards = [
      cardOf(1, { isDefault: false, last4: '1111' }),
      cardOf(2, { isDefault: true, last4: '4242' }),
    ];
    answers.writes[`POST /portal/invoices/${open._id}/pay`] = () =>
      jsonResponse({
        success: true,
        message: 'Charged $120.00 to Visa •••• 4242',
        data: { ...open, status: 'paid' },
      });
    renderApp('/access-control?tab=billing');
    const u = userEvent.setup();
    const row = (await screen.findAllByTestId('portal-invoice'))[0]!;
    expect(row).toHaveTextContent('10-class pack');
    expect(row).toHaveTextContent('$120.00');
    expect(screen.getByText('Paid and closed')).toBeInTheDocument();
    await u.click(within(row).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice' });
    expect(within(dialog).getByRole('radio', { name: /4242 \(default\)/ })).toBeChecked();
    await u.click(within(dialog).getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByText('Charged $120.00 to Visa •••• 4242')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, `/portal/invoices/${open._id}/pay`, 'POST');
    expect(call!.body).toEqual({ cardId: answers.cards[1]!._id });
    expect(headersTo(fetchMock, `/portal/invoices/${open._id}/pay`, 'POST')[0]!['Idempotency-Key']).toMatch(
      /^portal-pay-/,
    );
  });

  it('a declined card says why, keeps the dialog open, and the next try is a new attempt', async () => {
    const open = invoiceOf(1, { status: 'past_due' });
    answers.invoices = [open];
    answers.cards = [cardOf(1)];
    let tries = 0;
    answers.writes[`POST /portal/invoices/${open._id}/pay`] = () => {
      tries += 1;
      return tries === 1
        ? errorResponse(400, 'BAD_REQUEST', 'Your card was declined.')
        : jsonResponse({ success: true, message: 'Charged $120.00 to Visa •••• 4242', data: open });
    };
    renderApp('/access-control?tab=billing');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice' });
    await u.click(within(dialog).getByRole('button', { name: 'Pay $120.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await u.click(within(dialog).getByRole('button', { name: 'Pay $120.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay invoice' })).toBeNull());
    const keys = headersTo(fetchMock, `/portal/invoices/${open._id}/pay`, 'POST').map(
      (h) => h['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('adds a card: checks the fields first, then sends the number once', async () => {
    answers.writes['POST /portal/cards'] = () =>
      jsonResponse({ success: true, message: 'Card added', data: cardOf(3) });
    renderApp('/access-control?tab=billing');
    const u = userEvent.setup();
    expect(await screen.findByText("You're all paid up.")).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'Add card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(within(form).getByText('Card number is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/portal/cards', 'POST')).toHaveLength(0);
    expect(within(form).getByTestId('sandbox-test-cards')).toHaveTextContent('4242 4242 4242 4242');
    await u.type(within(form).getByLabelText(/Card number/), '4242424242424242');
    await u.type(within(form).getByLabelText(/Expiry/), '1231');
    await u.type(within(form).getByLabelText('Security code'), '123');
    // The default stays as it is unless the member asks.
    expect(within(form).getByLabelText('Pay with this card by default')).not.toBeChecked();
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card added')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/portal/cards', 'POST')[0]!.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
    });
  });

  it('makes a card the default, and removes one after asking', async () => {
    answers.cards = [
      cardOf(1, { isDefault: true, last4: '4242' }),
      cardOf(2, { isDefault: false, last4: '4444' }),
    ];
    const second = answers.cards[1]!;
    answers.writes[`PUT /portal/cards/${second._id}/default`] = () =>
      jsonResponse({ success: true, message: 'Default card changed', data: { ...second, isDefault: true } });
    answers.writes[`DELETE /portal/cards/${second._id}`] = () =>
      jsonResponse({ success: true, message: 'Card removed' });
    renderApp('/access-control?tab=billing');
    const u = userEvent.setup();
    expect(screen.queryByRole('button', { name: /Make .*4242 the default card/ })).toBeNull();
    await u.click(await screen.findByRole('button', { name: /Make .*4444 the default card/ }));
    expect(await screen.findByText('Default card changed')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/portal/cards/${second._id}/default`, 'PUT')).toHaveLength(1);
    await u.click(screen.getByRole('button', { name: /Remove .*4444/ }));
    expect(callsTo(fetchMock, `/portal/cards/${second._id}`, 'DELETE')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Card removed')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/portal/cards/${second._id}`, 'DELETE')).toHaveLength(1);
  });

  it('with a real card provider the portal does not take card numbers', async () => {
    answers.provider = 'stripe';
    renderApp('/access-control?tab=billing');
    expect(await screen.findByText(/ask the front desk/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
  });
});

describe('member portal: membership', { timeout: 20_000 }, () => {
  it('names the plan once: by its contract when there is one, else as the plan', async () => {
    answers.contracts = [
      {
        _id: id(500),
        contactId: CONTACT_ID,
        title: 'Unlimited',
        startDate: day(-30),
        endDate: null,
        amountCents: 12_900,
        billingInterval: 'monthly',
        status: 'active',
        notes: null,
        isCurrent: true,
        invoiceCount: 1,
        signUpFeeCents: 0,
        anchorDay: day(-30),
        nextBillDay: day(1),
        cancelsOn: null,
        freeze: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    renderApp('/access-control?tab=billing');
    const contract = await screen.findByTestId('portal-contract');
    expect(contract).toHaveTextContent('Unlimited');
    expect(contract).toHaveTextContent('$129.00');
    expect(screen.getAllByText('Unlimited')).toHaveLength(1);
  });

  it('without contracts shows the plan itself', async () => {
    renderApp('/access-control?tab=billing');
    expect(await screen.findByText('Unlimited')).toBeInTheDocument();
    expect(screen.queryByTestId('portal-contract')).toBeNull();
  });
});
