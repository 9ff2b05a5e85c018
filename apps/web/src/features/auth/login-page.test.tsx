import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../app/auth-store';
import { errorResponse, jsonResponse, makeLoginAnswer, makeUserData, renderApp } from '../../test-utils';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function signInWith(email = 'jane@example.com', password = 'secret-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

function answerLoginWith(answer: ReturnType<typeof makeLoginAnswer>) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/jwt/login') return jsonResponse(answer);
    if (url === '/api/auth/session')
      return jsonResponse({ userData: answer.userData, organization: answer.organization });
    return jsonResponse({});
  });
}

describe('login page', () => {
  it('has the fields, the button and the links', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows the server message in a toast and inline', async () => {
    fetchMock.mockResolvedValue(errorResponse(401, 'UNAUTHENTICATED', 'Invalid email or password'));
    renderApp('/login');
    await signInWith();

    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form')!;
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Invalid email or password'),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-toast="error"]')).toHaveTextContent('Invalid email or password'),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/jwt/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'jane@example.com', password: 'secret-password' });
    expect(getSession()).toBeNull();
  });

  it('validates the email before calling the server', async () => {
    renderApp('/login');
    await signInWith('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('landing redirect by user type', () => {
  it('an admin lands on / with the home page', async () => {
    answerLoginWith(makeLoginAnswer());
    const { router } = renderApp('/login');
    await signInWith();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('organization-name')).toHaveTextContent('Iron Gym');
    expect(screen.getByTestId('role-label')).toHaveTextContent('Admin');
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('a client lands on /access-control', async () => {
    answerLoginWith(makeLoginAnswer({ userType: 'client', roleLabel: 'Client', fullName: 'Carl Client' }));
    const { router } = renderApp('/login');
    await signInWith();
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-control'));
    expect(await screen.findByRole('heading', { name: 'Hello, Carl Client' })).toBeInTheDocument();
  });

  it('an employee lands on / (the staff home)', async () => {
    answerLoginWith(makeLoginAnswer({ userType: 'employee', roleLabel: 'Employee' }));
    const { router } = renderApp('/login');
    await signInWith();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('any other user type stays on /login with storage cleared and a message', async () => {
    answerLoginWith(makeLoginAnswer({ userType: 'vendor', roleLabel: 'Vendor' }));
    localStorage.setItem('shopId', 'old-shop');
    const { router } = renderApp('/login');
    await signInWith();
    expect(await screen.findByText('Your account has no access to the web app yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('shopId')).toBeNull();
  });

  it('a signed-out visitor of a private page is sent to /login', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('a stored client opening / is sent to /access-control', async () => {
    const answer = makeLoginAnswer({ userType: 'client', roleLabel: 'Client' });
    answerLoginWith(answer);
    const { storeSession } = await import('../../app/auth-store');
    storeSession(answer);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-control'));
  });

  it('unknown routes show the 404 page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('uses userData from the login answer in the top bar', async () => {
    answerLoginWith(makeLoginAnswer({}, {}));
    renderApp('/login');
    await signInWith();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(makeUserData().fullName).toBe('Jane Admin');
  });
});
