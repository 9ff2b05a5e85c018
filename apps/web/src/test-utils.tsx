import type { LoginAnswer, OrganizationAnswer, UserData } from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';

export const ORG_ID = '0190a000-0000-7000-8000-000000000001';
export const USER_ID = '0190a000-0000-7000-8000-000000000002';

/** A JWT-shaped token whose payload carries `exp` (the signature is not checked by the client). */
export function fakeJwt(expiresInSeconds: number, marker = 'a'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: USER_ID, exp, marker })}.signature-${marker}`;
}

export function makeOrganization(overrides: Partial<OrganizationAnswer> = {}): OrganizationAnswer {
  return {
    _id: ORG_ID,
    name: 'Iron Gym',
    themeColor: '#7367f0',
    logoLink: null,
    timeZone: 'UTC',
    plan: [{ planId: 'pro', name: 'Pro' }],
    planDetails: { permissions: [fullRule('settings')] },
    isViewUserData: false,
    ...overrides,
  };
}

export function makeUserData(overrides: Partial<UserData> = {}): UserData {
  return {
    id: USER_ID,
    currentUserId: USER_ID,
    fullName: 'Jane Admin',
    email: 'jane@example.com',
    photo: null,
    userType: 'admin',
    roleLabel: 'Admin',
    curRole: {
      contactTypeId: { _id: '0190a000-0000-7000-8000-000000000003', name: 'Admin', type: 'admin' },
      contactId: null,
      assignerId: null,
    },
    organizations: [{ organizationId: ORG_ID, userType: 'admin', name: 'Iron Gym' }],
    ability: buildAbility([fullRule('settings')]),
    dataFlow: false,
    isEmployee: false,
    plan: { permissions: [fullRule('settings')] },
    ...overrides,
  };
}

export function makeLoginAnswer(
  user: Partial<UserData> = {},
  org: Partial<OrganizationAnswer> = {},
): LoginAnswer {
  return {
    accessToken: fakeJwt(3600),
    refreshToken: 'refresh-token-0000000000000000',
    userData: makeUserData(user),
    organization: makeOrganization(org),
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status);
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    extraRoutes = [],
  }: { route?: string; path?: string; extraRoutes?: ReactElement[] } = {},
) {
  const queryClient = createQueryClient();
  const result = render(
    <Providers queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {extraRoutes}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient };
}

/** The whole app (real routes, lazy pages) at a given address. */
export function renderApp(route: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

interface FetchMock {
  mock: { calls: ReadonlyArray<readonly [input: string, init?: RequestInit]> };
}

function requestsTo(fetchMock: FetchMock, path: string, method: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init: init ?? {} }))
    .filter(({ url, init }) => url.pathname === `/api${path}` && (init.method ?? 'GET') === method);
}

/** The calls a fetch stand-in received on one path, with their query and JSON body. */
export function callsTo(fetchMock: FetchMock, path: string, method = 'GET') {
  return requestsTo(fetchMock, path, method).map(({ url, init }) => ({
    query: Object.fromEntries(url.searchParams),
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  }));
}

/** The headers of those calls. */
export function headersTo(fetchMock: FetchMock, path: string, method = 'GET') {
  return requestsTo(fetchMock, path, method).map(
    ({ init }) => (init.headers ?? {}) as Record<string, string>,
  );
}

/** Mantine's autosizing text areas listen for web fonts, which jsdom lacks. */
export function stubDocumentFonts(): void {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
