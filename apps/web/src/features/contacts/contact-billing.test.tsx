import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { jsonResponse, renderApp } from '../../test-utils';
import { formatCents, toCents } from './contact-billing-format';
import {
  callsTo,
  contactAnswer,
  contactsApi,
  type Handler,
  id,
  signInWithContacts,
} from './contacts.fixtures';

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
  // The notes field grows with its text; Mantine listens for web fonts, which jsdom lacks.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
  storeSession(signInWithContacts());
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

const qualification = {
  contactId: person._id,
  progression: {
    category: { _id: id(900), name: 'Brazilian Jiu-Jitsu' },
    currentRank: {
      _id: id(901),
      name: 'White belt',
      image: null,
      sortOrder: 0,
      classesRequired: null,
      minDaysInRank: null,
    },
    nextRank: {
      _id: id(902),
      name: 'Blue belt',
      image: null,
      sortOrder: 1,
      classesRequired: 20,
      minDaysInRank: 30,
    },
    rankSince: '2026-01-01T00:00:00.000Z',
    check: {
      classesAttended: 19,
      classesRequired: 20,
      classesRemaining: 1,
      daysInRank: 40,
      minDaysInRank: 30,
      daysRemaining: 0,
      hasRequirements: true,
      qualifies: false,
    },
    history: [{ rankId: id(901), rankName: 'White belt', reachedAt: '2026-01-01T00:00:00.000Z' }],
  },
  programs: [
    {
      program: 'Brazilian Jiu-Jitsu',
      categoryId: id(900),
      rankName: 'White belt',
      nextRankName: 'Blue belt',
      attendedLast30Days: 8,
      attendedLast90Days: 19,
      lastAttendedAt: '2026-02-01T18:00:00.000Z',
      check: {
        classesAttended: 19,
        classesRequired: 20,
        classesRemaining: 1,
        daysInRank: 40,
        minDaysInRank: 30,
        daysRemaining: 0,
        hasRequirements: true,
        qualifies: false,
      },
      hasClasses: true,
    },
    {
      program: 'Muay Thai',
      categoryId: null,
      rankName: null,
      nextRankName: null,
      attendedLast30Days: 2,
      attendedLast90Days: 3,
      lastAttendedAt: null,
      check: null,
      hasClasses: true,
    },
    {
      program: 'BJJ Belts',
      categoryId: id(902),
      rankName: null,
      nextRankName: null,
      attendedLast30Days: 0,
      attendedLast90Days: 0,
      lastAttendedAt: null,
      check: null,
      hasClasses: false,
    },
  ],
};

describe('qualification views', { timeout: 20_000 }, () => {
  const withQualification = (url: URL) =>
    url.pathname === `/api/contact-qualification/${person._id}` ? jsonResponse(qualification) : undefined;

  it('says what the member still needs for the next rank', async () => {
    serve(withQualification);
    renderApp(`/contacts/${person._id}?view=qualified-progression`);
    expect(
      await screen.findByText('Not yet qualified for Blue belt', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Dana Member needs 1 more class.')).toBeInTheDocument();
    expect(screen.getByText('19 of 20')).toBeInTheDocument();
    expect(screen.getByText('40 of 30')).toBeInTheDocument();
  });

  it('edits the next rank’s requirements', async () => {
    serve((url, init) =>
      url.pathname === `/api/client-ranks/requirements/${id(902)}` && init.method === 'PUT'
        ? jsonResponse({ success: true, message: 'Rank requirements updated', data: {} })
        : withQualification(url),
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=qualified-progression`);
    await user.click(
      await screen.findByRole('button', { name: 'Requirements for Blue belt' }, { timeout: 5000 }),
    );
    const classes = await screen.findByLabelText('Classes required');
    await user.clear(classes);
    await user.type(classes, '25');
    await user.click(screen.getByRole('button', { name: 'Save requirements' }));
    expect(await screen.findByText('Rank requirements updated')).toBeInTheDocument();
    expect(callsTo(api, `/client-ranks/requirements/${id(902)}`, 'PUT')[0]?.body).toEqual({
      classesRequired: 25,
      minDaysInRank: 30,
    });
  });

  it('shows attendance by program with its status', async () => {
    serve(withQualification);
    renderApp(`/contacts/${person._id}?view=qualified-program`);
    const bjj = (await screen.findByText('White belt → Blue belt', {}, { timeout: 5000 })).closest(
      '[data-program]',
    )!;
    expect(within(bjj as HTMLElement).getByText('In progress')).toBeInTheDocument();
    expect(within(bjj as HTMLElement).getByText('19')).toBeInTheDocument();
    const thai = screen.getByText('Muay Thai').closest('[data-program]')!;
    expect(within(thai as HTMLElement).getByText('No rank')).toBeInTheDocument();
    expect(within(thai as HTMLElement).queryByTestId('program-without-classes')).toBeNull();
    // A progression no booking type names says why nothing counts toward it.
    const belts = screen.getByText('BJJ Belts').closest('[data-program]')!;
    expect(within(belts as HTMLElement).getByTestId('program-without-classes')).toHaveTextContent(
      'No booking type has the program name "BJJ Belts"',
    );
  });
});
