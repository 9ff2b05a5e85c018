import { buildAbility, fullRule, readOnlyRule } from '@opsuite/shared/rules/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp } from '../../test-utils';
import { clock, fakeApi, id, ME, ok, session } from '../staff/staff.test-kit';

// The staff home's time clock card: the clock state with its buttons, the shift clocking in is
// for, and the next shift; only for a role that reads staff.

const ZONE = 'America/New_York';
// Tuesday 1 December 2026, 9:00 AM - 5:00 PM in New York.
const SHIFT = {
  _id: id(77),
  shiftName: 'Front desk',
  startDate: '2026-12-01T14:00:00.000Z',
  endDate: '2026-12-01T22:00:00.000Z',
};

function signIn(rules = [readOnlyRule('calendar'), fullRule('staff')]) {
  storeSession(
    makeLoginAnswer(
      {
        userType: 'employee',
        roleLabel: 'Employee',
        fullName: 'Dana Diaz',
        ability: buildAbility(rules),
        plan: { permissions: rules },
        curRole: {
          contactTypeId: { _id: id(1), name: 'employee', type: 'employee' },
          contactId: ME,
          assignerId: null,
        },
      },
      { timeZone: ZONE },
    ),
  );
}

function serve(state: {
  open: ReturnType<typeof session> | null;
  offered: typeof SHIFT | null;
  next: typeof SHIFT | null;
}) {
  return fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    const p = url.pathname;
    if (p === '/api/calendar/events') return jsonResponse({ list: [] });
    if (p === '/api/contact/workhistory/current')
      return jsonResponse(
        clock(state.open, { offeredShift: state.open ? null : state.offered, nextShift: state.next }),
      );
    if (p === '/api/contact/workhistory/startShiftWork' && method === 'POST') {
      state.open = session({
        shiftId: SHIFT._id,
        shiftName: SHIFT.shiftName,
        startTime: '2026-12-01T14:02:00.000Z',
      });
      return ok('Work started', state.open);
    }
    if (p === '/api/contact/workhistory/checkout' && method === 'POST') {
      const body = JSON.parse(String(init.body));
      state.open = session({
        ...state.open,
        onBreak: true,
        breakTimes: [
          {
            _id: id(5),
            kind: body.kind,
            startTime: new Date().toISOString(),
            endTime: null,
            description: body.note ?? null,
          },
        ],
      });
      return ok('Break started', state.open);
    }
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff home time clock', { timeout: 20_000 }, () => {
  it('clocks in for the shift on offer, shows working since and the next shift, and starts a meal', async () => {
    signIn();
    const state = { open: null, offered: SHIFT, next: SHIFT } as Parameters<typeof serve>[0];
    const api = serve(state);
    vi.stubGlobal('fetch', api);
    const user = userEvent.setup();
    renderApp('/');
    const card = await screen.findByTestId('home-clock', {}, { timeout: 5000 });
    expect(within(card).getByText('You are clocked out')).toBeInTheDocument();
    expect(within(card).getByTestId('next-shift')).toHaveTextContent(
      'Next shift: Tue, Dec 1 · 9:00 AM - 5:00 PM · Front desk',
    );
    await user.click(within(card).getByRole('button', { name: 'Clock in for 9:00 AM - 5:00 PM shift' }));
    await waitFor(() =>
      expect(callsTo(api, '/contact/workhistory/startShiftWork', 'POST')[0]?.body).toEqual({
        shiftId: SHIFT._id,
        shiftName: 'Front desk',
      }),
    );
    expect(await within(card).findByText('Working since 9:02 AM')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Take a break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break' });
    await user.click(within(dialog).getByText('Meal'));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Sandwich');
    await user.click(within(dialog).getByRole('button', { name: 'Start meal' }));
    await waitFor(() =>
      expect(callsTo(api, '/contact/workhistory/checkout', 'POST')[0]?.body).toEqual({
        kind: 'meal',
        note: 'Sandwich',
      }),
    );
    expect(await within(card).findByText('On a meal break')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'End break' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'End work' })).toBeInTheDocument();
  });

  it('says when no shift is scheduled, and offers plain start work', async () => {
    signIn();
    vi.stubGlobal('fetch', serve({ open: null, offered: null, next: null }));
    renderApp('/');
    const card = await screen.findByTestId('home-clock', {}, { timeout: 5000 });
    expect(within(card).getByTestId('next-shift')).toHaveTextContent('No shift scheduled');
    expect(within(card).getByRole('button', { name: 'Start work' })).toBeInTheDocument();
  });

  it('is not shown to a role that does not read staff', async () => {
    signIn([readOnlyRule('calendar')]);
    const api = serve({ open: null, offered: SHIFT, next: SHIFT });
    vi.stubGlobal('fetch', api);
    renderApp('/');
    await screen.findByText('You are not teaching any classes today.', {}, { timeout: 5000 });
    expect(screen.queryByTestId('home-clock')).toBeNull();
    expect(callsTo(api, '/contact/workhistory/current')).toEqual([]);
  });
});
