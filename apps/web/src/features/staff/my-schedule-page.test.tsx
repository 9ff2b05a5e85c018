import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp, stubDocumentFonts } from '../../test-utils';
import { fakeApi, id, ME, ok, signInStaff } from './staff.test-kit';
import { currentWeek } from './staff-format';

const NY = 'America/New_York';
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  stubDocumentFonts();
  storeSession(signInStaff('admin', NY));
  const week = currentWeek(NY);
  const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 2 * 86_400_000 + 4 * 3_600_000).toISOString();
  const offered = {
    _id: id(30),
    shiftPoolId: id(30),
    shiftId: id(31),
    shift: { shiftName: 'Sunday open', startDate: later, endDate: end, day: week.endOfWeek },
    offeredBy: { contactId: id(40), fullName: 'Sam Carter' },
    note: 'Wedding',
    status: 'offered',
    bids: [],
    trades: [],
    createdAt: later,
  };
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    const p = url.pathname;
    if (p === '/api/employee-shifts/mine') {
      return jsonResponse({
        contactId: ME,
        ...week,
        shifts: [
          {
            _id: id(20),
            shiftName: 'Front desk',
            positionIds: [],
            startDate: later,
            endDate: end,
            day: week.endOfWeek,
            onOffer: false,
          },
        ],
        timeOff: [],
      });
    }
    if (p === '/api/employee-shifts/pool' && method === 'GET') return jsonResponse({ list: [offered] });
    if (p === `/api/employee-shifts/pool/${id(30)}/bid`) return ok('Bid placed', offered);
    if (p === '/api/employee-shifts/pool' && method === 'POST') return ok('Shift offered', offered);
    if (p === '/api/employee-shifts/time-off' && method === 'GET')
      return jsonResponse({ list: [], pagination: {} });
    if (p === '/api/employee-shifts/reschedule' && method === 'GET')
      return jsonResponse({ list: [], pagination: {} });
    if (p === '/api/employee-shifts/time-off' && method === 'POST') return ok('Time off requested', {});
    if (p === '/api/contact/workhistory/overview') {
      return jsonResponse({
        ...week,
        days: [],
        list: [
          {
            contactId: id(40),
            fullName: 'Sam Carter',
            days: [],
            totalMs: 0,
            entries: 0,
            open: false,
            needsConfirmation: 0,
          },
        ],
        pagination: {},
      });
    }
    if (p === '/api/contact/workhistory/running') return jsonResponse({ list: [] });
    if (p === '/api/contact/workhistory/create-manual-workHistory') return ok('Work history updated.', {});
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('my schedule and the time sheet', { timeout: 20_000 }, () => {
  it('lists my published shifts, offers one, bids on another’s and asks for time off', async () => {
    const user = userEvent.setup();
    renderApp('/staff/my-schedule');
    expect(await screen.findByText('Front desk', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Front desk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Offer in the shift pool' }));
    await waitFor(() =>
      expect(callsTo(api, '/employee-shifts/pool', 'POST')[0]?.body).toEqual({ shiftId: id(20) }),
    );
    await user.click(screen.getByRole('button', { name: 'Bid' }));
    await waitFor(() => expect(callsTo(api, `/employee-shifts/pool/${id(30)}/bid`, 'POST')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Request time off' }));
    await user.type(screen.getByLabelText('First day'), '2026-07-01');
    await user.type(screen.getByLabelText('Last day'), '2026-07-03');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(callsTo(api, '/employee-shifts/time-off', 'POST')[0]?.body).toEqual({
        startDate: '2026-07-01',
        endDate: '2026-07-03',
        reason: '',
      }),
    );
  });

  it('adds time on the organisation clock: the day and HH:mm go to the server as typed', async () => {
    const user = userEvent.setup();
    renderApp('/staff/timesheets');
    await screen.findByText('Sam Carter', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Add time' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByLabelText('Employee')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Sam Carter' }));
    await user.type(screen.getByLabelText('Reason'), 'Forgot to clock in');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const week = currentWeek(NY);
    await waitFor(() =>
      expect(callsTo(api, '/contact/workhistory/create-manual-workHistory', 'POST')[0]?.body).toEqual({
        contactId: id(40),
        startDate: week.startOfWeek,
        startTime: '09:00',
        endDate: week.startOfWeek,
        endTime: '17:00',
        reason: 'Forgot to clock in',
      }),
    );
  });
});
