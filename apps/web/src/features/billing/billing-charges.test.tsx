import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { todayInZone } from '../../app/zone-time';
import {
  callsTo,
  headersTo,
  jsonResponse,
  makeLoginAnswer,
  renderApp,
  stubDocumentFonts,
} from '../../test-utils';
import { contactAnswer, contactsApi, type Handler, id } from '../contacts/contacts.test-kit';

// The billing screens that charge money: the contract form's preview of the next invoices, a
// freeze confirmed with its end day, an invoice's attempts with "Retry now" and a partial refund,
// the test cards only outside production, and the billing overview with its past-due list.

const person = contactAnswer(1, { fullName: 'Dana Member' });
const billing = { plan: 'Gold Monthly', paymentStatus: 'past_due' as const };
const today = todayInZone('UTC');
const contract = {
  _id: id(301),
  contactId: person._id,
  title: 'Gold Monthly',
  startDate: '2026-01-01',
  endDate: null,
  amountCents: 12900,
  billingInterval: 'monthly',
  status: 'active',
  notes: null,
  isCurrent: true,
  invoiceCount: 2,
  signUpFeeCents: 0,
  anchorDay: '2026-01-01',
  nextBillDay: '2099-03-01',
  cancelsOn: null,
  freeze: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const pastDueInvoice = {
  _id: id(402),
  contactId: person._id,
  contractId: contract._id,
  contractTitle: 'Gold Monthly',
  number: 'INV-000002',
  description: 'Gold Monthly: Feb 1 – Feb 28, 2026',
  amountCents: 12900,
  dueDate: '2026-02-01',
  status: 'past_due',
  paidAt: null,
  paymentMethod: null,
  periodStart: '2026-02-01',
  periodEnd: '2026-03-01',
  paidCents: 0,
  refundedCents: 0,
  attemptCount: 1,
  failedAttempts: 1,
  nextAttemptAt: '2026-02-02T00:00:00.000Z',
  lastFailure: { code: 'card_declined', message: 'Your card was declined.' },
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};
const attempt = {
  _id: id(501),
  invoiceId: pastDueInvoice._id,
  kind: 'charge',
  method: 'card',
  status: 'failed',
  source: 'auto',
  attempt: 1,
  amountCents: 12900,
  feeCents: 0,
  refundedCents: 0,
  card: 'Visa •••• 0341',
  failureCode: 'card_declined',
  failureMessage: 'Your card was declined.',
  providerRef: 'ch_sbx_1',
  reason: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  settledAt: '2026-02-01T00:00:01.000Z',
};
const card = (n: number, last4: string, isDefault: boolean) => ({
  _id: id(600 + n),
  contactId: person._id,
  provider: 'sandbox',
  brand: 'Visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  holderName: null,
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const zero = { count: 0, amountCents: 0 };

let api: ReturnType<typeof contactsApi>;
let invoiceState: typeof pastDueInvoice;

function serve(extra?: Handler) {
  api = contactsApi([person], (url, init) => {
    const method = init.method ?? 'GET';
    const found = extra?.(url, init);
    if (found) return found;
    if (url.pathname === `/api/contact/getById/${person._id}`) return jsonResponse(person);
    if (url.pathname === '/api/payment/config')
      return jsonResponse({ provider: 'sandbox', publishableKey: null, showTestCards: false });
    if (url.pathname === `/api/payment/cards/${person._id}`)
      return jsonResponse({ list: [card(1, '0341', false), card(2, '4242', true)] });
    if (url.pathname === `/api/contact-contract/${person._id}` && method === 'GET')
      return jsonResponse({
        list: [contract],
        pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 },
        billing,
      });
    if (url.pathname === `/api/contact-invoice/${person._id}` && method === 'GET')
      return jsonResponse({
        list: [invoiceState],
        totals: {
          due: zero,
          past_due: { count: 1, amountCents: 12900 },
          paid: zero,
          forfeit: zero,
          refund: zero,
        },
        pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
        billing,
      });
    if (url.pathname === `/api/contact-invoice/${person._id}/${pastDueInvoice._id}` && method === 'GET')
      return jsonResponse({ data: { ...invoiceState, payments: [attempt] }, billing });
    return undefined;
  });
  vi.stubGlobal('fetch', api);
}

beforeEach(() => {
  stubDocumentFonts();
  storeSession(
    makeLoginAnswer({
      ability: buildAbility([fullRule('contacts'), fullRule('billing')]),
      plan: { permissions: [fullRule('contacts'), fullRule('billing')] },
    }),
  );
  invoiceState = pastDueInvoice;
});
afterEach(() => vi.unstubAllGlobals());

describe('contract form', { timeout: 40_000 }, () => {
  it('previews the next invoices, prorated to the first bill date with the sign-up fee', async () => {
    serve((url, init) =>
      url.pathname === `/api/contact-contract/${person._id}` && init.method === 'POST'
        ? jsonResponse({ success: true, message: 'Contract added', data: contract, billing })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=contracts`);
    await user.click(await screen.findByRole('button', { name: 'Add contract' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'New contract' });
    await user.type(within(form).getByLabelText(/Title/), 'Gold Monthly');
    await user.type(within(form).getByLabelText(/Amount/), '129');
    await user.type(within(form).getByLabelText(/Sign-up fee/), '25');
    const start = within(form).getByLabelText(/Start date/);
    await user.clear(start);
    await user.type(start, '2099-11-15');
    await user.type(within(form).getByLabelText(/First bill date/), '2099-12-01');
    const preview = within(form).getByRole('region', { name: 'Next invoices' });
    // 129.00 × 16 / 30 = 68.80, plus the 25.00 fee.
    expect(preview).toHaveTextContent('Nov 15, 2099');
    expect(preview).toHaveTextContent('prorated + sign-up fee$93.80');
    expect(preview).toHaveTextContent('Dec 1, 2099');
    expect(preview).toHaveTextContent('full period$129.00');
    await user.click(within(form).getByRole('button', { name: 'Add contract' }));
    expect(await screen.findByText('Contract added')).toBeInTheDocument();
    expect(callsTo(api, `/contact-contract/${person._id}`, 'POST')[0]?.body).toMatchObject({
      amountCents: 12900,
      signUpFeeCents: 2500,
      startDate: '2099-11-15',
      anchorDay: '2099-12-01',
    });
  });

  it('freezes until a day after a confirmation that says what happens to billing', async () => {
    serve((url, init) =>
      url.pathname.endsWith('/freeze') && init.method === 'POST'
        ? jsonResponse({
            success: true,
            message: 'Contract frozen until Mar 1, 2099',
            data: contract,
            billing,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=contracts`);
    expect(await screen.findByText(/Next bill Mar 1, 2099/, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Gold Monthly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Freeze' }));
    const form = await screen.findByRole('form', { name: 'Freeze contract' });
    const until = within(form).getByLabelText(/Frozen until/);
    await user.clear(until);
    await user.type(until, today);
    await user.click(within(form).getByRole('button', { name: 'Freeze contract' }));
    expect(await within(form).findByText('The freeze must end after today')).toBeInTheDocument();
    await user.clear(until);
    await user.type(until, '2099-03-01');
    expect(within(form).getByText(/the next bill moves out by them/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Freeze contract' }));
    expect(await screen.findByText('Contract frozen until Mar 1, 2099')).toBeInTheDocument();
    expect(callsTo(api, `/contact-contract/${person._id}/${contract._id}/freeze`, 'POST')[0]?.body).toEqual({
      until: '2099-03-01',
    });
  });
});

describe('an invoice and its attempts', { timeout: 40_000 }, () => {
  it('shows why a charge failed and retries it with the chosen card, keyed against double charges', async () => {
    serve((url, init) => {
      if (url.pathname.endsWith('/charge') && init.method === 'POST') {
        invoiceState = { ...pastDueInvoice, status: 'paid', paidCents: 12900, lastFailure: null as never };
        return jsonResponse({
          success: true,
          message: 'Charged $129.00 to Visa •••• 4242',
          data: invoiceState,
          billing,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=invoices`);
    const row = (await screen.findByRole('button', { name: 'INV-000002' }, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText(/1 failed charge: Your card was declined./)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'INV-000002' }));
    const view = await screen.findByRole('dialog', { name: 'Invoice INV-000002' });
    expect(await within(view).findByText('Attempt 1: $129.00')).toBeInTheDocument();
    expect(within(view).getByText(/Visa •••• 0341 · automatic/)).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('Charged $129.00 to Visa •••• 4242')).toBeInTheDocument();
    const path = `/contact-invoice/${person._id}/${pastDueInvoice._id}/charge`;
    expect(callsTo(api, path, 'POST')[0]?.body).toEqual({ cardId: id(602) });
    expect(headersTo(api, path, 'POST')[0]?.['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('refunds part of a paid invoice', async () => {
    invoiceState = { ...pastDueInvoice, status: 'paid', paidCents: 12900, lastFailure: null as never };
    serve((url, init) =>
      url.pathname.endsWith('/refund') && init.method === 'PUT'
        ? jsonResponse({
            success: true,
            message: 'Refunded $29.00 of INV-000002',
            data: invoiceState,
            billing,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=invoices`);
    await user.click(
      await screen.findByRole('button', { name: 'Actions for INV-000002' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Refund…' }));
    const form = await screen.findByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue('129.00');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('At most $129.00 is left to refund')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '29');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $29.00 of INV-000002')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        callsTo(api, `/contact-invoice/${person._id}/${pastDueInvoice._id}/refund`, 'PUT')[0]?.body,
      ).toEqual({
        amountCents: 2900,
      }),
    );
  });

  it('lists no test cards on a production server', async () => {
    serve();
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=payment-cards`);
    await user.click(await screen.findByRole('button', { name: 'Add card' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Add card' });
    await waitFor(() => expect(callsTo(api, '/payment/config')).toHaveLength(1));
    expect(within(form).queryByTestId('sandbox-test-cards')).not.toBeInTheDocument();
  });
});

describe('billing overview', { timeout: 40_000 }, () => {
  it('shows the statistics and the past-due list, and is in the sidebar', async () => {
    serve((url) => {
      if (url.pathname === '/api/payment/statistics')
        return jsonResponse({
          thisMonth: 25800,
          lastMonth: 12900,
          ongoing: 38700,
          oneTime: 0,
          pastDue: 12900,
          upcoming: 4000,
          totalCollected: 38700,
          months: Array.from({ length: 12 }, (_, i) => ({
            month: `2026-${String(i + 1).padStart(2, '0')}`,
            collectedCents: i * 1000,
            refundedCents: 0,
          })),
        });
      if (url.pathname === '/api/contact-invoice/statistics')
        return jsonResponse({
          total: 4,
          partialPayment: 0,
          paid: 3,
          due: 1,
          sent: 0,
          draft: 0,
          thisWeek: 0,
          thisMonth: 12900,
          nextMonth: 0,
          paidAmount: 38700,
          scheduledAmount: 0,
          dueAmount: 12900,
          paidPercent: 75,
          scheduledPercent: 0,
          duePercent: 25,
        });
      if (url.pathname === '/api/contact-invoice/past-due')
        return jsonResponse({
          list: [
            {
              invoiceId: pastDueInvoice._id,
              number: 'INV-000002',
              contactId: person._id,
              contactName: 'Dana Member',
              description: pastDueInvoice.description,
              amountCents: 12900,
              dueDate: '2026-02-01',
              failedAttempts: 2,
              nextAttemptAt: null,
              lastFailure: 'Your card was declined.',
            },
          ],
          totalCents: 12900,
          pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
        });
      if (url.pathname === '/api/payment/run')
        return jsonResponse({ running: false, startedAt: null, finishedAt: null, counts: null, error: null });
      return undefined;
    });
    renderApp('/billing');
    const tiles = await screen.findByLabelText('Finance statistics', {}, { timeout: 5000 });
    expect(within(tiles).getByText('$258.00')).toBeInTheDocument();
    expect(within(tiles).getByText('+100% on last month')).toBeInTheDocument();
    const pastDue = await screen.findByLabelText('Past due');
    expect(within(pastDue).getByRole('link', { name: 'Dana Member' })).toHaveAttribute(
      'href',
      `/contacts/${person._id}?view=invoices`,
    );
    expect(within(pastDue).getByText('2 failed: Your card was declined.')).toBeInTheDocument();
    expect(within(pastDue).getByText('no more automatic tries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run billing now' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Billing/ }).length).toBeGreaterThan(0);
  });
});
