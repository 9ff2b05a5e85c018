import { PAYROLL_TEXT, type PayrollPendingAnswer } from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp } from '../../test-utils';

const RULES = [fullRule('payroll'), fullRule('tips')];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const DANA = '0190a000-0000-7000-8000-000000000011';

const line = {
  contactId: DANA,
  fullName: 'Dana Diaz',
  wageType: 'hourly',
  source: 'work_history' as const,
  regularMinutes: 2400,
  overtimeMinutes: 300,
  classes: 0,
  sessions: 5,
  rateCents: 2000,
  regularCents: 80_000,
  overtimeCents: 15_000,
  grossCents: 95_000,
  cardTipsCents: 0,
  deductionsCents: 0,
  netCents: 95_000,
  note: '5 confirmed work sessions',
};
let pending: PayrollPendingAnswer;
const staffSearches = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('/contact/search-name') && url.includes('staff=true'))
    .length;

function serve(answer: ReturnType<typeof makeLoginAnswer>) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0];
    if (path === '/api/payroll/pending' && method === 'GET') return jsonResponse(pending);
    if (path === '/api/payroll/pending' && method === 'POST') {
      pending = { ...pending, status: 'draft', runId: '0190a000-0000-7000-8000-000000000099' };
      return jsonResponse({ success: true, message: PAYROLL_TEXT.refreshed, data: pending });
    }
    if (path === '/api/employee-salary') return jsonResponse({ list: [] });
    if (path === '/api/contact/search-name') {
      return jsonResponse({
        list: [{ _id: DANA, fullName: 'Dana Diaz' }],
        pagination: { page: 1, pageSize: 10, hasMore: false },
      });
    }
    return jsonResponse({ userData: answer.userData, organization: answer.organization });
  });
}

beforeEach(() => {
  pending = {
    payCycle: 'weekly',
    periodStart: '2025-06-01',
    periodEnd: '2025-06-07',
    status: 'preview',
    runId: null,
    refreshedAt: null,
    lines: [line],
    totals: { slips: 1, grossCents: 95_000, cardTipsCents: 0, deductionsCents: 0, netCents: 95_000 },
  };
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('payroll page', { timeout: 20_000 }, () => {
  const signIn = () => {
    const answer = makeLoginAnswer({ ability: buildAbility(RULES), plan: { permissions: RULES } });
    storeSession(answer);
    serve(answer);
  };

  it('shows the pending lines with their source and refreshes them with the spec message', async () => {
    signIn();
    renderApp('/payroll');
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Dana Diaz/ }, { timeout: 5000 });
    expect(within(row).getByText('Work history')).toBeInTheDocument();
    expect(within(row).getByText('40:00 h + 5:00 h OT')).toBeInTheDocument();
    expect(screen.getByTestId('pending-total')).toHaveTextContent('Total $950.00');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(PAYROLL_TEXT.refreshed)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/payroll/pending', 'POST')[0]?.body).toEqual({ periodStart: '2025-06-01' });
    expect(await screen.findByRole('button', { name: 'Clear draft' })).toBeInTheDocument();
  });

  it('asks for all four report dates before fetching a report', async () => {
    signIn();
    renderApp('/payroll');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Report' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Show report' }));
    expect(await screen.findByText(PAYROLL_TEXT.datesRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/payroll/report')).toEqual([]);
  });

  it('refuses an employee without a wage type in an off-cycle run', async () => {
    signIn();
    renderApp('/payroll');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Off-cycle run' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Off-cycle run' });
    await user.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    await user.click(await screen.findByRole('option', { name: /Dana Diaz/ }, { timeout: 5000 }));
    expect(await screen.findByText(PAYROLL_TEXT.noWageType)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Dana Diaz')).not.toBeInTheDocument();
    expect(staffSearches()).toBeGreaterThan(0);
  });

  it('offers only the people who work here when setting a salary', async () => {
    signIn();
    renderApp('/payroll');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Salaries' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: /Set the salary of/ }));
    expect(await screen.findByRole('option', { name: /Dana Diaz/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(staffSearches()).toBeGreaterThan(0);
    const searches = fetchMock.mock.calls.filter(([url]) => url.includes('/contact/search-name'));
    expect(searches.every(([url]) => url.includes('staff=true'))).toBe(true);
  });

  it('is closed to a role that cannot read payroll', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility([]), plan: { permissions: [] } });
    storeSession(answer);
    serve(answer);
    renderApp('/payroll');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/payroll')).toEqual([]);
  });
});
