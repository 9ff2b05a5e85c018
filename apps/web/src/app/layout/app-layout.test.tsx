import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeLoginAnswer, makeOrganization, makeUserData, renderApp } from '../../test-utils';
import { getSession, storeSession } from '../auth-store';

const OTHER_ORG = '0190a000-0000-7000-8000-0000000000ff';
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function signedInAs(answer = makeLoginAnswer()) {
  storeSession(answer);
  return answer;
}

describe('app layout', () => {
  it('builds the sidebar from the menu entries the ability can read', async () => {
    const answer = signedInAs();
    fetchMock.mockResolvedValue(
      jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Organisation settings' })).toBeInTheDocument();
  });

  it('hides entries whose resource the role cannot read', async () => {
    const answer = signedInAs(makeLoginAnswer({ ability: [{ action: 'read', subject: 'base' }] }));
    fetchMock.mockResolvedValue(
      jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('link', { name: 'Organisation settings' })).toBeNull();
    expect(await screen.findByText('Your plan has no modules yet.')).toBeInTheDocument();
  });

  it('refreshes the stored session from GET /api/auth/session on start', async () => {
    const answer = signedInAs();
    const fresh = {
      userData: { ...answer.userData, fullName: 'Jane Renamed' },
      organization: answer.organization,
    };
    fetchMock.mockResolvedValue(jsonResponse(fresh));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane Renamed' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/session');
  });

  it('signs out with a loading toast, then a success toast, cleared storage and /login', async () => {
    const answer = signedInAs();
    localStorage.setItem('skin', 'dark');
    localStorage.setItem('posUser', 'p');
    let releaseSignout: () => void = () => {};
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/signout') {
        await new Promise<void>((resolve) => {
          releaseSignout = resolve;
        });
        return jsonResponse({ success: true });
      }
      return jsonResponse({ userData: answer.userData, organization: answer.organization });
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Signing out...')).toBeInTheDocument();
    releaseSignout();
    expect(await screen.findByText('Successfully signed out')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const signout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/signout')!;
    expect(JSON.parse(String(signout[1].body))).toEqual({ refreshToken: answer.refreshToken });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('posUser')).toBeNull();
    expect(localStorage.getItem('skin')).toBe('dark');
  });

  it('a failed sign-out still ends on /login with storage cleared', async () => {
    const answer = signedInAs();
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/signout'
        ? jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
        : jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Signout failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('toggles skin and direction and keeps them in storage', async () => {
    const answer = signedInAs();
    fetchMock.mockResolvedValue(
      jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dark mode' }));
    expect(localStorage.getItem('skin')).toBe('dark');
    await user.click(await screen.findByRole('menuitem', { name: 'Right to left' }));
    expect(localStorage.getItem('direction')).toBe('rtl');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    document.documentElement.setAttribute('dir', 'ltr');
  });

  it('keeps the sidebar collapsed state in menuCollapsed', async () => {
    const answer = signedInAs();
    fetchMock.mockResolvedValue(
      jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Collapse menu' }));
    expect(localStorage.getItem('menuCollapsed')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });

  it('switches organisation through GET /api/auth/session with the new organization header', async () => {
    const organizations = [
      { organizationId: makeOrganization()._id, userType: 'admin', name: 'Iron Gym' },
      { organizationId: OTHER_ORG, userType: 'admin', name: 'Green Cafe' },
    ];
    const answer = signedInAs(makeLoginAnswer({ organizations }));
    const other = {
      userData: makeUserData({ organizations }),
      organization: makeOrganization({ _id: OTHER_ORG, name: 'Green Cafe', themeColor: '#0ca678' }),
    };
    fetchMock.mockImplementation(async (_url, init) => {
      const org = (init.headers as Record<string, string>).organization;
      return jsonResponse(
        org === OTHER_ORG ? other : { userData: answer.userData, organization: answer.organization },
      );
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Organisation' }));
    await user.click(await screen.findByRole('option', { name: 'Green Cafe' }));

    await waitFor(() => expect(getSession()?.organization._id).toBe(OTHER_ORG));
    expect(JSON.parse(localStorage.getItem('organization')!).name).toBe('Green Cafe');
    const switchCall = fetchMock.mock.calls.find(
      ([url, init]) =>
        url === '/api/auth/session' && (init.headers as Record<string, string>).organization === OTHER_ORG,
    );
    expect(switchCall).toBeDefined();
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Green Cafe');
  });
});
