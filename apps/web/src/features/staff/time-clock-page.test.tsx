import type { MyClockAnswer } from '@opsuite/shared/contracts/staff-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import { screenCapture } from './screen-capture';
import { clock, fakeApi, ok, session, signInStaff } from './staff.test-kit';

let open: ReturnType<typeof session> | null = null;
let offered: MyClockAnswer['offeredShift'] = null;
let pinSet = false;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  storeSession(signInStaff('admin'));
  open = null;
  offered = null;
  pinSet = false;
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    const p = url.pathname;
    if (p === '/api/contact/workhistory/current')
      return jsonResponse(clock(open, { offeredShift: offered, pinSet }));
    if (p === '/api/contact/workhistory/startShiftWork' && method === 'POST') {
      open = session({ shiftId: offered?._id ?? null, shiftName: offered?.shiftName ?? null });
      return ok('Work started', open);
    }
    if (p === '/api/staff/time-clock/pin' && method === 'PUT') {
      pinSet = JSON.parse(String(init.body)).pin !== null;
      return ok(pinSet ? 'PIN saved' : 'PIN removed', { pinSet });
    }
    if (p === '/api/employee-shifts/mine')
      return jsonResponse({ contactId: null, startOfWeek: '', endOfWeek: '', shifts: [], timeOff: [] });
    if (p === '/api/contact/workhistory/startwork' && method === 'POST') {
      open = session();
      return ok('Work started', open);
    }
    if (p === '/api/contact/workhistory/checkout' && method === 'POST') {
      const { kind, note } = JSON.parse(String(init.body));
      open = session({
        onBreak: true,
        restDescription: note ?? null,
        breakTimes: [
          { _id: 'b', kind, startTime: new Date().toISOString(), endTime: null, description: note ?? null },
        ],
      });
      return ok('Break started', open);
    }
    if (p === '/api/contact/workhistory/endwork' && method === 'POST') {
      const ended = session({ endTime: new Date().toISOString() });
      open = null;
      return ok('Work ended', ended);
    }
    if (p === '/api/contact/workhistory/updatework' && method === 'POST')
      return ok('Work history updated.', open);
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => {
  screenCapture.stop();
  vi.unstubAllGlobals();
});

describe('the time clock', { timeout: 20_000 }, () => {
  it('starts work, takes a break with no text needed, and shows the week', async () => {
    const user = userEvent.setup();
    renderApp('/staff/time-clock');
    await user.click(await screen.findByRole('button', { name: 'Start work' }, { timeout: 5000 }));
    expect(callsTo(api, '/contact/workhistory/startwork', 'POST')).toEqual([{ query: {}, body: {} }]);
    expect(await screen.findByText(/^Working since/)).toBeInTheDocument();
    expect(screen.getByTestId('week-hours')).toHaveTextContent('7h 30m');

    // Break or Meal, the note optional: a plain break sends its kind alone.
    await user.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break' });
    expect(within(dialog).getByText('Break')).toBeInTheDocument();
    expect(within(dialog).getByText('Meal')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start break' }));
    await waitFor(() =>
      expect(callsTo(api, '/contact/workhistory/checkout', 'POST')[0]?.body).toEqual({ kind: 'break' }),
    );
    expect(await screen.findByText('On a break')).toBeInTheDocument();
  });

  it("offers today's shift when clocking in, and sets the punch PIN", async () => {
    offered = {
      _id: '0190c000-0000-7000-8000-000000000077',
      shiftName: 'Opening',
      startDate: '2026-06-08T13:00:00.000Z',
      endDate: '2026-06-08T21:00:00.000Z',
    };
    const user = userEvent.setup();
    renderApp('/staff/time-clock');
    expect(
      await screen.findByRole('button', { name: 'Start work without a shift' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clock in for 9:00 AM - 5:00 PM shift' }));
    await waitFor(() =>
      expect(callsTo(api, '/contact/workhistory/startShiftWork', 'POST')[0]?.body).toEqual({
        shiftId: offered!._id,
        shiftName: 'Opening',
      }),
    );

    const pin = screen.getByTestId('pin-card');
    expect(pin).toHaveTextContent('You have no PIN yet.');
    await user.type(within(pin).getByLabelText('New PIN'), '12');
    await user.click(within(pin).getByRole('button', { name: 'Set PIN' }));
    expect(await within(pin).findByText('The PIN is 4 to 6 digits')).toBeInTheDocument();
    await user.type(within(pin).getByLabelText('New PIN'), '34');
    await user.click(within(pin).getByRole('button', { name: 'Set PIN' }));
    await waitFor(() =>
      expect(callsTo(api, '/staff/time-clock/pin', 'PUT')[0]?.body).toEqual({ pin: '1234' }),
    );
    expect(await within(pin).findByText(/You have a PIN\./)).toBeInTheDocument();
  });

  it('records a refused screen share as a status, not an error', async () => {
    open = session();
    const getDisplayMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getDisplayMedia }, configurable: true });
    const user = userEvent.setup();
    renderApp('/staff/time-clock');
    await user.click(await screen.findByRole('button', { name: 'Share my screen' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('capture-status')).toHaveTextContent('You declined'));
    expect(callsTo(api, '/contact/workhistory/updatework', 'POST').map((c) => c.body)).toEqual([
      { historyId: open.historyId, captureStatus: 'refused' },
    ]);
  });

  it('records a share whose video source fails to start as failed, apart from declined', async () => {
    open = session();
    const getDisplayMedia = vi
      .fn()
      .mockRejectedValue(new DOMException('Could not start video source', 'NotReadableError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getDisplayMedia }, configurable: true });
    const user = userEvent.setup();
    renderApp('/staff/time-clock');
    await user.click(await screen.findByRole('button', { name: 'Share my screen' }, { timeout: 5000 }));
    await waitFor(() =>
      expect(screen.getByTestId('capture-status')).toHaveTextContent('Could not start sharing'),
    );
    expect(screen.getByTestId('capture-status')).not.toHaveTextContent('declined');
    expect(callsTo(api, '/contact/workhistory/updatework', 'POST').map((c) => c.body)).toEqual([
      { historyId: open.historyId, captureStatus: 'failed' },
    ]);
  });
});
