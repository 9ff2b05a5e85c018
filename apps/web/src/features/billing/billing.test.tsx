import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp, stubDocumentFonts } from '../../test-utils';
import {
  contactAnswer,
  contactsApi,
  type Handler,
  id,
  signInWithBilling,
  signInWithContacts,
} from '../contacts/contacts.test-kit';
import { formatCents, toCents } from './billing-format';

const person = contactAnswer(1, { fullName: 'Dana Member', rankId: id(901) });
const billing = { plan: 'Gold Monthly', paymentStatus: 'past_due' as const };
const contract = {
  _id: id(301),
  contactId: person._id,
  title: 'Gold Monthly',
  startDate: '2026-01-01',
  endDate: null,
  amountCents: 9900,
  billingInterval: 'monthly',
  status: 'active',
  notes: null,
  isCurrent: true,
  invoiceCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const invoice = (n: number, status: string) => ({
  _id: id(400 + n),
  contactId: person._id,
  contractId: contract._id,
  contractTitle: 'Gold Monthly',
  number: `INV-00000${n}`,
  description: `Dues ${n}`,
  amountCents: 9900,
  dueDate: '2026-02-01',
  status,
  paidAt: status === 'paid' ? '2026-02-01T10:00:00.000Z' : null,
  paymentMethod: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const zero = { count: 0, amountCents: 0 };
const totals = {
  due: zero,
  past_due: { count: 1, amountCents: 9900 },
  paid: { count: 1, amountCents: 9900 },
  forfeit: zero,
  refund: zero,
};

let api: ReturnType<typeof contactsApi>;
let contractList: (typeof contract)[];

function serve(extra?: Handler) {
  api = contactsApi([person], (url, init) => {
    const method = init.method ?? 'GET';
    const found = extra?.(url, init);
    if (found) return found;
    if (url.pathname === `/api/contact/getById/${person._id}`) return jsonResponse(person);
    if (url.pathname === `/api/contact-contract/${person._id}` && method === 'GET')
      return jsonResponse({
        list: contractList,
        pagination: { page: 1, pageSize: 20, total: contractList.length, totalPages: 1 },
        billing,
      });
    if (url.pathname === `/api/contact-invoice/${person._id}` && method === 'GET')
      return jsonResponse({
        list: [invoice(2, 'past_due'), invoice(1, 'paid')],
        totals,
        pagination: { page: 1, pageSize: 10, total: 2, totalPages: 1 },
        billing,
      });
    return undefined;
  });
  vi.stubGlobal('fetch', api);
}

beforeEach(() => {
  stubDocumentFonts();
  storeSession(signInWithBilling());
  contractList = [contract];
});
afterEach(() => vi.unstubAllGlobals());

describe('money on screen', () => {
  it('reads typed amounts as cents and shows cents as money', () => {
    expect(toCents('99')).toBe(9900);
    expect(toCents('$1,234.5')).toBe(123450);
    expect(toCents('abc')).toBeNull();
    expect(formatCents(9900)).toBe('$99.00');
  });
});

describe('contracts view', { timeout: 40_000 }, () => {
  it('lists the contracts with the plan and payment status they set', async () => {
    serve();
    renderApp(`/contacts/${person._id}?view=contracts`);
    const card = (await screen.findByText('$99.00 / month · Monthly', {}, { timeout: 5000 })).closest(
      '[data-contract-id]',
    )!;
    expect(within(card as HTMLElement).getByText('Current')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('Active')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByText('Gold Monthly').length).toBeGreaterThan(0);
    expect(within(panel).getByText('Past due').closest('[data-payment-status]')).toHaveAttribute(
      'data-payment-status',
      'past_due',
    );
  });

  it('shows an empty state, checks the form, then adds the contract and says so', async () => {
    contractList = [];
    serve((url, init) =>
      url.pathname === `/api/contact-contract/${person._id}` && init.method === 'POST'
        ? jsonResponse({ success: true, message: 'Contract added', data: contract, billing })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=contracts`);
    expect(await screen.findByText('No contracts yet', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add contract' }));
    const form = await screen.findByRole('form', { name: 'New contract' });
    await user.type(within(form).getByLabelText(/Amount/), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Add contract' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter an amount, for example 99.00')).toBeInTheDocument();
    expect(callsTo(api, `/contact-contract/${person._id}`, 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Title/), 'Gold Monthly');
    await user.clear(within(form).getByLabelText(/Amount/));
    await user.type(within(form).getByLabelText(/Amount/), '99');
    await user.click(within(form).getByRole('button', { name: 'Add contract' }));
    expect(await screen.findByText('Contract added')).toBeInTheDocument();
    expect(callsTo(api, `/contact-contract/${person._id}`, 'POST')[0]?.body).toMatchObject({
      title: 'Gold Monthly',
      amountCents: 9900,
      billingInterval: 'monthly',
    });
  });
});

describe('money tabs follow the billing permission', { timeout: 40_000 }, () => {
  it('a role without billing sees no contracts, cards or invoices and opens the overview instead', async () => {
    storeSession(signInWithContacts());
    serve();
    renderApp(`/contacts/${person._id}?view=invoices`);
    expect(await screen.findByRole('tab', { name: 'Notes' }, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['Contracts', 'Payment cards', 'Invoices']) {
      expect(screen.queryByRole('tab', { name })).toBeNull();
    }
    expect(callsTo(api, `/contact-invoice/${person._id}`)).toHaveLength(0);
  });
});

describe('invoices view', { timeout: 40_000 }, () => {
  it('asks for page 1 of 10 and shows totals and status colours', async () => {
    serve();
    renderApp(`/contacts/${person._id}?view=invoices`);
    const row = (await screen.findByText('INV-000002', {}, { timeout: 5000 })).closest('tr')!;
    const badge = within(row).getByText('Past due').closest('[data-status]');
    expect(badge).toHaveAttribute('data-status', 'past_due');
    expect(callsTo(api, `/contact-invoice/${person._id}`)[0]?.query).toMatchObject({
      page: '1',
      pageSize: '10',
    });
    expect(screen.getByRole('button', { name: /Paid \$99.00 1 invoice/ })).toBeInTheDocument();
  });

  it('marks a past-due invoice as paid and says so', async () => {
    serve((url, init) =>
      url.pathname.endsWith('/pay') && init.method === 'PUT'
        ? jsonResponse({
            success: true,
            message: 'Invoice marked as paid',
            data: invoice(2, 'paid'),
            billing,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=invoices`);
    await user.click(
      await screen.findByRole('button', { name: 'Actions for INV-000002' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as paid' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Invoice marked as paid')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(api, `/contact-invoice/${person._id}/${id(402)}/pay`, 'PUT')[0]?.body).toEqual({
        method: 'card',
      }),
    );
  });
});
