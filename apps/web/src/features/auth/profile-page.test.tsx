import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, storeSession } from '../../app/auth-store';
import { jsonResponse, makeLoginAnswer, renderApp, USER_ID } from '../../test-utils';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const user = {
  _id: USER_ID,
  fullName: 'Jane Admin',
  email: 'jane@example.com',
  phone: null,
  photo: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  const answer = makeLoginAnswer();
  storeSession(answer);
  fetchMock.mockImplementation(async (url, init) => {
    if (url === `/api/user/profile/${USER_ID}`)
      return jsonResponse({ ...user, ...JSON.parse(String(init.body)) });
    if (url === `/api/user/${USER_ID}`) return jsonResponse(user);
    if (url === '/api/user/delete') return jsonResponse({ success: true });
    return jsonResponse({ userData: answer.userData, organization: answer.organization });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('profile page', () => {
  it('saves full name and phone and updates the stored user', async () => {
    renderApp('/profile');
    const u = userEvent.setup();
    const name = await screen.findByLabelText('Full name');
    await u.clear(name);
    await u.type(name, 'Jane Boss');
    await u.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === `/api/user/profile/${USER_ID}`)!;
    expect(put[1].method).toBe('PUT');
    expect(JSON.parse(String(put[1].body))).toEqual({
      fullName: 'Jane Boss',
      phone: '+1 555 0100',
      photo: null,
    });
    await waitFor(() => expect(getSession()?.userData.fullName).toBe('Jane Boss'));
  });

  it('changes the password with the current password', async () => {
    renderApp('/profile');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Current password'), 'old-password');
    await u.type(screen.getByLabelText('New password'), 'new-password-1');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === `/api/user/profile/${USER_ID}`)!;
    expect(JSON.parse(String(put[1].body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
  });

  it('deletes the account after password confirmation in a modal', async () => {
    const { router } = renderApp('/profile');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(dialog).toBeInTheDocument();
    await u.type(screen.getByLabelText('Password'), 'my-password');
    await u.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const del = fetchMock.mock.calls.find(([url]) => url === '/api/user/delete')!;
    expect(del[1].method).toBe('DELETE');
    expect(JSON.parse(String(del[1].body))).toEqual({ source: 'web', password: 'my-password' });
    expect(getSession()).toBeNull();
  });
});
