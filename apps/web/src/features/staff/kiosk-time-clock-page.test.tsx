import type { ClockStatusAnswer } from '@opsuite/shared/contracts/staff-time';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import { fakeApi, id } from './staff.test-kit';

// The paired tablet's time clock: the PIN step after the punch id when the organisation requires
// one, and clocking in for the shift the server offers.

const DANA: ClockStatusAnswer = {
  contactId: id(3),
  name: 'Dana Diaz',
  status: 'out',
  historyId: null,
  startTime: null,
  workedMs: 0,
  offeredShift: {
    _id: id(70),
    shiftName: 'Front desk AM',
    startDate: '2026-12-01T11:00:00.000Z',
    endDate: '2026-12-01T19:00:00.000Z',
  },
  timeZone: 'America/New_York',
};

beforeEach(() => localStorage.setItem('opsuite.timeClock.deviceToken', 'device-token'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the tablet time clock', { timeout: 20_000 }, () => {
  it('asks for the PIN after the punch id, sends it with the punch, and clocks in for the shift', async () => {
    const api = fakeApi((url, init) => {
      const body = init.body ? JSON.parse(String(init.body)) : {};
      if (url.pathname === '/api/staff/time-clock/employee') {
        if (!body.pin) {
          return jsonResponse(
            {
              error: {
                code: 'VALIDATION',
                message: 'pin: Enter your PIN',
                details: [{ field: 'pin', message: 'Enter your PIN' }],
              },
            },
            400,
          );
        }
        if (body.pin !== '4821') {
          return jsonResponse(
            { error: { code: 'FORBIDDEN', message: 'The punch id or PIN is not right' } },
            403,
          );
        }
        return jsonResponse(DANA);
      }
      if (url.pathname === '/api/staff/time-clock/punch') {
        return jsonResponse({ success: true, message: 'Clocked in', data: { ...DANA, status: 'working' } });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api);
    const user = userEvent.setup();
    renderApp('/time-clock');
    await user.type(await screen.findByLabelText('Your punch id', {}, { timeout: 5000 }), '2001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Your PIN'), '1111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The punch id or PIN is not right')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your PIN'));
    await user.type(screen.getByLabelText('Your PIN'), '4821');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('clock-status')).toHaveTextContent('Dana Diaz');
    await user.click(screen.getByRole('button', { name: 'Clock in for 6:00 AM - 2:00 PM shift' }));
    await waitFor(() =>
      expect(callsTo(api, '/staff/time-clock/punch', 'POST')[0]?.body).toEqual({
        punchId: '2001',
        pin: '4821',
        action: 'in',
      }),
    );
    expect(callsTo(api, '/staff/time-clock/employee', 'POST').map((c) => c.body)).toEqual([
      { punchId: '2001' },
      { punchId: '2001', pin: '1111' },
      { punchId: '2001', pin: '4821' },
    ]);
  });
});
