import { PAYROLL_TEXT, TIPS_TEXT } from '@opsuite/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderApp } from '../../../test-utils';
import { dollarsToCents } from './daily-tips-panel';
import { rangeProblem } from './range-inputs';
import { BAR, makePool, SERVER_ROLE, serveTips, type TipServer } from './tips-test-server';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let state: TipServer;

beforeEach(() => {
  state = { pools: [makePool(1, 'Evening pool'), makePool(2, 'Brunch pool')], syncFails: false };
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  serveTips(fetchMock, state);
});
afterEach(() => vi.unstubAllGlobals());

async function openTips(view?: string) {
  renderApp('/payroll');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Tips' }, { timeout: 5000 }));
  if (view) await user.click(await screen.findByText(view));
  return user;
}

const poolNames = () => screen.getAllByTestId('tip-pool').map((el) => el.getAttribute('aria-label'));

describe('tips in the payroll page', { timeout: 20_000 }, () => {
  it('creates a tip pool and puts it first in the list', async () => {
    const user = await openTips('Tip pools');
    await screen.findByRole('article', { name: 'Evening pool' });
    await user.click(screen.getByRole('button', { name: 'New tip pool' }));
    const form = within(screen.getByTestId('tip-pool-form'));
    await user.type(form.getByLabelText('Pool name'), 'Bar pool');
    await user.click(form.getAllByLabelText('Locations')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await user.click(form.getAllByLabelText('Roles')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Server' }));
    await user.click(form.getByRole('button', { name: 'Create pool' }));

    expect(await screen.findByText(TIPS_TEXT.poolCreated)).toBeInTheDocument();
    await waitFor(() => expect(poolNames()).toEqual(['Bar pool', 'Evening pool', 'Brunch pool']));
    expect(screen.queryByTestId('tip-pool-form')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/tip-management/pools', 'POST')[0]?.body).toEqual({
      name: 'Bar pool',
      basis: 'hours',
      locationIds: [BAR._id],
      roles: [{ roleId: SERVER_ROLE.roleId }],
      dayShifts: [],
    });
  });

  it('edits a pool in place: the saved pool replaces it and edit mode ends', async () => {
    const user = await openTips('Tip pools');
    await user.click(await screen.findByRole('button', { name: 'Edit Evening pool' }));
    const form = within(screen.getByTestId('tip-pool-form'));
    const name = form.getByLabelText('Pool name');
    await user.clear(name);
    await user.type(name, 'Late pool');
    await user.click(form.getByText('By role points'));
    await user.click(form.getByRole('button', { name: 'Save pool' }));

    expect(await screen.findByText(TIPS_TEXT.poolUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('tip-pool-form')).not.toBeInTheDocument());
    expect(poolNames()).toEqual(['Late pool', 'Brunch pool']);
    expect(screen.getByRole('article', { name: 'Late pool' })).toHaveTextContent('By role points');
    expect(
      callsTo(fetchMock, '/tip-management/pools/0190a000-0000-7000-8000-000000000301', 'PUT')[0]?.body,
    ).toMatchObject({
      name: 'Late pool',
      basis: 'points',
      roles: [{ roleId: SERVER_ROLE.roleId, points: 1 }],
    });
  });

  it('deletes a pool after a confirm and removes it from the list', async () => {
    const user = await openTips('Tip pools');
    await user.click(await screen.findByRole('button', { name: 'Delete Brunch pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Brunch pool?' });
    expect(
      callsTo(fetchMock, '/tip-management/pools/0190a000-0000-7000-8000-000000000302', 'DELETE'),
    ).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TIPS_TEXT.poolDeleted)).toBeInTheDocument();
    await waitFor(() => expect(poolNames()).toEqual(['Evening pool']));
  });

  it('shows ten pools a page', async () => {
    state.pools = Array.from({ length: 12 }, (_, i) => makePool(i + 1, `Pool ${i + 1}`));
    const user = await openTips('Tip pools');
    await screen.findByRole('article', { name: 'Pool 1' });
    expect(poolNames()).toHaveLength(10);
    expect(callsTo(fetchMock, '/tip-management/pools').some((c) => c.query.limit === '10')).toBe(true);
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(poolNames()).toEqual(['Pool 11', 'Pool 12']));
  });

  it('shows each employee’s share with totals and syncs with the POS', async () => {
    const user = await openTips();
    const dana = await screen.findByRole('row', { name: /Dana Diaz/ }, { timeout: 5000 });
    expect(dana).toHaveTextContent('$66.67');
    expect(dana).toHaveTextContent('$16.67');
    expect(dana).toHaveTextContent('$83.34');
    expect(screen.getByTestId('tip-share-total')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('tip-share-total')).toHaveTextContent('$125.00');
    expect(callsTo(fetchMock, '/tip-share')[0]?.query).toEqual({
      startDate: '2025-06-01',
      endDate: '2025-06-07',
    });
    await user.click(screen.getByRole('button', { name: 'Sync tip share with POS' }));
    expect(await screen.findByText(TIPS_TEXT.synced)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/tip-share/sync', 'POST')[0]?.body).toEqual({
      startDate: '2025-06-01',
      endDate: '2025-06-07',
    });
  });

  it('refreshes the pending payroll from the tip share', async () => {
    const user = await openTips();
    await screen.findByRole('row', { name: /Dana Diaz/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Refresh pending payroll' }));
    expect(await screen.findByText(PAYROLL_TEXT.refreshed)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/payroll/pending', 'POST')[0]?.body).toEqual({ periodStart: '2025-06-01' });
  });

  it('says the sync failed in the spec’s words', async () => {
    state.syncFails = true;
    const user = await openTips();
    await screen.findByRole('row', { name: /Dana Diaz/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Sync tip share with POS' }));
    expect(await screen.findByText(TIPS_TEXT.unableToSync)).toBeInTheDocument();
  });

  it('asks for both dates before reading a tip share', async () => {
    const user = await openTips();
    await screen.findByRole('row', { name: /Dana Diaz/ }, { timeout: 5000 });
    const before = callsTo(fetchMock, '/tip-share').length;
    await user.clear(screen.getByLabelText('From'));
    expect(await screen.findByText(TIPS_TEXT.datesRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/tip-share')).toHaveLength(before);
  });

  it('records daily tips typed in dollars as exact cents', async () => {
    const user = await openTips('Daily tips');
    const form = within(await screen.findByRole('form', { name: 'Record daily tips' }));
    await user.click(form.getAllByLabelText('Location')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await user.clear(form.getByLabelText('Day'));
    await user.type(form.getByLabelText('Day'), '2025-06-03');
    await user.type(form.getByLabelText('Card tips'), '1234.56');
    await user.type(form.getByLabelText('Cash tips'), '0.29');
    await user.click(form.getByRole('button', { name: 'Save tips' }));
    expect(await screen.findByText(TIPS_TEXT.dailyTipsSaved)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/tip-management/daily-tips', 'PUT')[0]?.body).toEqual({
      locationId: BAR._id,
      day: '2025-06-03',
      cardTipsCents: 123_456,
      cashTipsCents: 29,
    });
  });

  it('shows card tips on the pending payroll lines', async () => {
    renderApp('/payroll');
    const row = await screen.findByRole('row', { name: /Dana Diaz/ }, { timeout: 5000 });
    expect(row).toHaveTextContent('$66.67');
    expect(screen.getByRole('columnheader', { name: 'Card tips' })).toBeInTheDocument();
  });
});

describe('dollarsToCents', () => {
  it('converts without float drift', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents('1,234.5')).toBe(123_450);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents(1_000_000)).toBe(100_000_000);
  });
});

describe('rangeProblem', () => {
  it('wants two real days in order, at most 93 days apart', () => {
    expect(rangeProblem({ startDate: '2025-06-01', endDate: '2025-06-07' })).toBeNull();
    expect(rangeProblem({ startDate: '', endDate: '2025-06-07' })).toBe(TIPS_TEXT.datesRequired);
    expect(rangeProblem({ startDate: '2025-06-08', endDate: '2025-06-07' })).toMatch(/before the start/);
    expect(rangeProblem({ startDate: '2025-01-01', endDate: '2025-04-03' })).toBeNull();
    expect(rangeProblem({ startDate: '2025-01-01', endDate: '2025-04-04' })).toBe(TIPS_TEXT.rangeTooLong);
  });
});
