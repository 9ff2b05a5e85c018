import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import { screenCapture } from './screen-capture';
import { clock, fakeApi, ok, session, signInStaff } from './staff.test-kit';

let open: ReturnType<typeof session> | null = null;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  storeSession(signInStaff('admin'));
  open = null;
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    const p = url.pathname;
    if (p === '/api/contact/workhistory/current') return jsonResponse(clock(open));
    if (p === '/api/employee-shifts/mine')
      return jsonResponse({ contactId: null, startOfWeek: '', endOfWeek: '', shifts: [], timeOff: [] });
    if (p === '/api/contact/workhistory/startwork' && method === 'POST') {
      open = session();
      return ok('Work started', open);
    }
    if (p === '/api/contact/workhistory/checkout' && method === 'POST') {
      const { restDescription } = JSON.parse(String(init.body));
      open = session({
        onBreak: true,
        restDescription,
        breakTimes: [
          { _id: 'b', startTime: new Date().toISOString(), endTime: null, description: restDescription },
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
  it('starts work, takes a break only with a rest description, and shows the week', async () => {
    const user = userEvent.setup();
    renderApp('/staff/time-clock');
    await user.click(await screen.findByRole('button', { name: 'Start work' }, { timeout: 5000 }));
    expect(callsTo(api, '/contact/workhistory/startwork', 'POST')).toEqual([{ query: {}, body: {} }]);
    expect(await screen.findByText('Working')).toBeInTheDocument();
    expect(screen.getByTestId('week-hours')).toHaveTextContent('7h 30m');

    await user.click(screen.getByRole('button', { name: 'Take a break' }));
    await user.click(await screen.findByRole('button', { name: 'Start break' }));
    expect(await screen.findByText('Say what the break is for')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Rest description'), 'Lunch');
    await user.click(screen.getByRole('button', { name: 'Start break' }));
    await waitFor(() =>
      expect(callsTo(api, '/contact/workhistory/checkout', 'POST')[0]?.body).toEqual({
        restDescription: 'Lunch',
      }),
    );
    expect(await screen.findByText('On a break')).toBeInTheDocument();
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
