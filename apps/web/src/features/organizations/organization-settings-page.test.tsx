import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, storeSession } from '../../app/auth-store';
import {
  errorResponse,
  jsonResponse,
  makeLoginAnswer,
  makeOrganization,
  renderApp,
  USER_ID,
} from '../../test-utils';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('organisation settings', () => {
  it('saves name, colour, logo, time zone and the view-user-data switch', async () => {
    const answer = makeLoginAnswer();
    storeSession(answer);
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/organization/current' && init.method === 'PUT') {
        return jsonResponse(makeOrganization({ ...JSON.parse(String(init.body)) }));
      }
      if (url === '/api/organization/current') return jsonResponse(answer.organization);
      return jsonResponse({ userData: answer.userData, organization: answer.organization });
    });
    renderApp('/settings/organization');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Organisation name');
    await user.clear(name);
    await user.type(name, 'Iron Gym North');
    const colour = screen.getByLabelText('Theme colour');
    await user.clear(colour);
    await user.type(colour, '#0ca678');
    await user.type(screen.getByLabelText('Logo link'), 'https://example.com/logo.png');
    await user.click(screen.getByRole('switch', { name: 'View user data' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(JSON.parse(String(put[1].body))).toEqual({
      name: 'Iron Gym North',
      themeColor: '#0ca678',
      logoLink: 'https://example.com/logo.png',
      timeZone: 'UTC',
      isViewUserData: true,
    });
    await waitFor(() => expect(getSession()?.organization.themeColor).toBe('#0ca678'));
  });

  it('refuses a colour that is not a hex colour', async () => {
    const answer = makeLoginAnswer();
    storeSession(answer);
    fetchMock.mockImplementation(async (url) =>
      url === '/api/organization/current'
        ? jsonResponse(answer.organization)
        : jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    renderApp('/settings/organization');
    const user = userEvent.setup();
    const colour = await screen.findByLabelText('Theme colour');
    await user.clear(colour);
    await user.type(colour, 'purple');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a hex colour such as #7367f0')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);
  });

  it('shows the server message when saving fails', async () => {
    const answer = makeLoginAnswer();
    storeSession(answer);
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'PUT') return errorResponse(403, 'FORBIDDEN', 'Your plan does not allow this');
      if (url === '/api/organization/current') return jsonResponse(answer.organization);
      return jsonResponse({ userData: answer.userData, organization: answer.organization });
    });
    renderApp('/settings/organization');
    const user = userEvent.setup();
    await screen.findByLabelText('Organisation name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your plan does not allow this')).toBeInTheDocument();
  });

  it('is closed to a role that cannot read settings', async () => {
    const answer = makeLoginAnswer({ ability: [{ action: 'read', subject: 'base' }] });
    storeSession(answer);
    fetchMock.mockResolvedValue(
      jsonResponse({ userData: answer.userData, organization: answer.organization }),
    );
    renderApp('/settings/organization');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
  });

  it('lists the members and removes one after asking; the last admin has no Remove', {
    timeout: 30_000,
  }, async () => {
    const answer = makeLoginAnswer({ ability: buildAbility([fullRule('settings'), fullRule('users')]) });
    storeSession(answer);
    const member = (userId: string, fullName: string, roleName: string, userType: string) => ({
      userId,
      fullName,
      email: `${fullName.split(' ')[0]!.toLowerCase()}@example.test`,
      contactId: null,
      roleName,
      userType,
      joinedAt: '2026-01-01T00:00:00.000Z',
    });
    const fran = member('0190a000-0000-7000-8000-0000000000f1', 'Fran Lee', 'Employee', 'employee');
    const other = member('0190a000-0000-7000-8000-0000000000f2', 'Ola Admin', 'Admin', 'admin');
    let members = [member(USER_ID, 'Ada Admin', 'Admin', 'admin'), fran, other];
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/organization/current/members') return jsonResponse({ members });
      if (url.startsWith('/api/organization/current/members/') && init.method === 'DELETE') {
        const id = url.split('/').pop();
        members = members.filter((m) => m.userId !== id);
        return jsonResponse(fran);
      }
      if (url === '/api/organization/current') return jsonResponse(answer.organization);
      return jsonResponse({ userData: answer.userData, organization: answer.organization });
    });
    renderApp('/settings/organization');
    const user = userEvent.setup();
    expect(await screen.findByText('3 members', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Ada Admin (you)')).toBeInTheDocument();
    const removes = screen.getAllByRole('button', { name: 'Remove' });
    expect(removes).toHaveLength(2);
    await user.click(removes[0]!);
    expect(await screen.findByText('Remove Fran Lee?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => i.method === 'DELETE' && u.endsWith(fran.userId))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('2 members')).toBeInTheDocument();
  });
});
