import type { EmployeeProfileAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import { clock, fakeApi, id, ok, signInStaff } from './staff.test-kit';

// Staff settings: the organisation's "Require a PIN with the punch id" and a manager setting an
// employee's PIN (the PIN goes out once; the list only says whether one is set).

const DANA: EmployeeProfileAnswer = {
  contactId: id(3),
  fullName: 'Dana Diaz',
  punchId: '0000002001',
  onSchedule: true,
  categoryId: null,
  positionIds: [],
  hourlyCostCents: null,
  pinSet: false,
};
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  storeSession(signInStaff('admin'));
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    const p = url.pathname;
    const settings = clock(null).settings;
    if (p === '/api/staff/settings' && method === 'GET') return jsonResponse(settings);
    if (p === '/api/staff/settings' && method === 'PUT')
      return ok('Settings saved', { ...settings, ...JSON.parse(String(init.body)) });
    if (p === '/api/staff/employees') return jsonResponse({ list: [DANA] });
    if (p === '/api/employee-categories' || p === '/api/contact-position') return jsonResponse({ list: [] });
    if (p === `/api/staff/employees/${DANA.contactId}/pin` && method === 'PUT')
      return ok('PIN saved', { pinSet: true });
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('staff settings', { timeout: 20_000 }, () => {
  it('requires a punch PIN and sets an employee’s PIN', async () => {
    const user = userEvent.setup();
    renderApp('/staff/settings');
    await screen.findByTestId('time-rules', {}, { timeout: 8000 });
    await user.click(screen.getByRole('switch', { name: /Require a PIN with the punch id/ }));
    await user.click(within(screen.getByTestId('time-rules')).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api, '/staff/settings', 'PUT')[0]?.body).toMatchObject({ requirePunchPin: true }),
    );

    await user.click(await screen.findByRole('button', { name: 'Set PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Punch PIN of Dana Diaz' });
    await user.type(within(dialog).getByLabelText('New PIN'), '48a21');
    await user.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    await waitFor(() =>
      expect(callsTo(api, `/staff/employees/${DANA.contactId}/pin`, 'PUT')[0]?.body).toEqual({ pin: '4821' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
