import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeJwt, jsonResponse, makeLoginAnswer, ORG_ID } from '../test-utils';
import { ApiError, api, SESSION_EXPIRED_CODE, setUnauthorizedHandler } from './api-client';
import { getSession, storeSession } from './auth-store';
import { STORAGE_KEYS } from './storage';

type FetchArgs = [string, RequestInit];

function headersOf(call: unknown[]): Record<string, string> {
  return ((call as FetchArgs)[1].headers ?? {}) as Record<string, string>;
}

function isRefresh(call: unknown[]): boolean {
  return String(call[0]).endsWith('/api/jwt/refresh-token');
}

describe('api client', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function signIn(tokenSeconds: number, assignerId: string | null = null, isEmployee = false) {
    const answer = makeLoginAnswer({ isEmployee });
    answer.userData.curRole.assignerId = assignerId;
    answer.accessToken = fakeJwt(tokenSeconds, 'old');
    answer.refreshToken = 'refresh-old-000000000000000000';
    storeSession(answer);
    return answer;
  }

  it('sends the bearer token and the organization, assigner and isemployee headers', async () => {
    const answer = signIn(3600, '0190a000-0000-7000-8000-0000000000aa', true);
    fetchMock.mockResolvedValue(jsonResponse({ ok: 1 }));

    await expect(api.get('/organization/current')).resolves.toEqual({ ok: 1 });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/organization/current');
    expect(headersOf(fetchMock.mock.calls[0]!)).toMatchObject({
      Authorization: `Bearer ${answer.accessToken}`,
      organization: ORG_ID,
      assigner: '0190a000-0000-7000-8000-0000000000aa',
      isemployee: 'true',
    });
  });

  it('sends an empty assigner and isemployee false when the role has none', async () => {
    signIn(3600);
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api.get('/x');
    expect(headersOf(fetchMock.mock.calls[0]!)).toMatchObject({ assigner: '', isemployee: 'false' });
  });

  it('sends JSON bodies and throws ApiError with the server code and message', async () => {
    signIn(3600);
    fetchMock.mockResolvedValue(errorResponse(403, 'FORBIDDEN', 'You may not do that'));
    const error = await api.put('/organization/current', { name: 'X' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'You may not do that' });
    const init = (fetchMock.mock.calls[0] as FetchArgs)[1];
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ name: 'X' }));
    expect(headersOf(fetchMock.mock.calls[0]!)['Content-Type']).toBe('application/json');
  });

  it('public calls carry no token and a 401 does not end anything', async () => {
    fetchMock.mockResolvedValue(errorResponse(401, 'UNAUTHENTICATED', 'Invalid email or password'));
    const error = await api
      .post('/jwt/login', { email: 'a@b.co', password: 'x' }, { auth: false })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(headersOf(fetchMock.mock.calls[0]!).Authorization).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refreshes first when fewer than 60 seconds remain and stores the rotated pair', async () => {
    signIn(30);
    const fresh = fakeJwt(3600, 'new');
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/jwt/refresh-token')
        ? jsonResponse({ accessToken: fresh, refreshToken: 'refresh-new-000000000000000000' })
        : jsonResponse({ ok: true }),
    );

    await api.get('/user/1');

    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[0] as FetchArgs;
    expect(refreshUrl).toBe('/api/jwt/refresh-token');
    expect(JSON.parse(String(refreshInit.body))).toEqual({ refreshToken: 'refresh-old-000000000000000000' });
    expect(headersOf(fetchMock.mock.calls[1]!).Authorization).toBe(`Bearer ${fresh}`);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(fresh);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-new-000000000000000000');
  });

  it('does not refresh while more than 60 seconds remain', async () => {
    signIn(120);
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api.get('/x');
    expect(fetchMock.mock.calls.some(isRefresh)).toBe(false);
  });

  it('five parallel calls with an expiring token trigger exactly one refresh', async () => {
    signIn(10);
    const fresh = fakeJwt(3600, 'new');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/jwt/refresh-token')) {
        await refreshGate;
        return jsonResponse({ accessToken: fresh, refreshToken: 'refresh-new-000000000000000000' });
      }
      return jsonResponse({ url });
    });

    const calls = [1, 2, 3, 4, 5].map((n) => api.get(`/item/${n}`));
    await Promise.resolve();
    releaseRefresh();
    const results = await Promise.all(calls);

    expect(results).toHaveLength(5);
    expect(fetchMock.mock.calls.filter(isRefresh)).toHaveLength(1);
    const others = fetchMock.mock.calls.filter((call) => !isRefresh(call));
    expect(others).toHaveLength(5);
    for (const call of others) expect(headersOf(call).Authorization).toBe(`Bearer ${fresh}`);
  });

  it('five parallel calls that get 401 share one refresh and are each retried once', async () => {
    signIn(3600);
    const fresh = fakeJwt(3600, 'new');
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/jwt/refresh-token')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return jsonResponse({ accessToken: fresh, refreshToken: 'refresh-new-000000000000000000' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === `Bearer ${fresh}`
        ? jsonResponse({ ok: true })
        : errorResponse(401, 'TOKEN_EXPIRED', 'Expired');
    });

    await Promise.all([1, 2, 3, 4, 5].map((n) => api.get(`/item/${n}`)));

    expect(fetchMock.mock.calls.filter(isRefresh)).toHaveLength(1);
    expect(fetchMock.mock.calls.filter((call) => !isRefresh(call))).toHaveLength(10);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 after the retry clears the stored user and goes to /login', async () => {
    signIn(3600);
    localStorage.setItem('shopId', 'shop-1');
    localStorage.setItem(STORAGE_KEYS.skin, 'dark');
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/jwt/refresh-token')
        ? jsonResponse({ accessToken: fakeJwt(3600, 'new'), refreshToken: 'refresh-new-000000000000000000' })
        : errorResponse(401, 'UNAUTHENTICATED', 'Not signed in'),
    );

    const error = await api.get('/x').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, code: SESSION_EXPIRED_CODE });
    expect(fetchMock.mock.calls.filter((call) => !isRefresh(call))).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
    for (const key of ['accessToken', 'refreshToken', 'userData', 'organization', 'shopId']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.skin)).toBe('dark');
  });

  it('a failed refresh clears the stored user and goes to /login once for parallel calls', async () => {
    signIn(5);
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/jwt/refresh-token')
        ? errorResponse(401, 'UNAUTHENTICATED', 'Invalid refresh token')
        : jsonResponse({ ok: true }),
    );

    const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(fetchMock.mock.calls.filter(isRefresh)).toHaveLength(1);
    expect(fetchMock.mock.calls.filter((call) => !isRefresh(call))).toHaveLength(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });

  it('a network failure keeps the session', async () => {
    signIn(3600);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(getSession()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
