import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getSession,
  storeTokens,
  tenantHeaders,
} from './auth-store';
import { secondsLeft } from './jwt';

export const API_BASE = '/api';
/** The token is refreshed when fewer than this many seconds remain. */
export const REFRESH_MARGIN_SECONDS = 60;
/** The code of the error thrown when a call ended the session (the redirect already told the user). */
export const SESSION_EXPIRED_CODE = 'SESSION_EXPIRED';
export const SESSION_EXPIRED_MESSAGE = 'Your session has been expired. please login again!';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Extra headers; they win over the tenant headers (the organisation switcher uses this). */
  headers?: Record<string, string>;
  /** false for public calls (login, register, reset): no token, no refresh, no redirect. */
  auth?: boolean;
  /** When true a final 401 is thrown without clearing the session (sign-out uses it). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
}

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The router registers how to reach /login; tests register a spy. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

let refreshing: Promise<string> | null = null;

async function parseError(response: Response): Promise<ApiError> {
  let code = 'HTTP_ERROR';
  let message = response.statusText || 'Request failed';
  let details: unknown;
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      details = body.error.details;
    }
  } catch {
    // Not JSON (a proxy error page): keep the status text.
  }
  if (response.status >= 500 && message === (response.statusText || 'Request failed')) {
    message = 'Something went wrong';
  }
  return new ApiError(response.status, code, message, details);
}

async function requestRefresh(): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new ApiError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
  const response = await fetch(`${API_BASE}/jwt/refresh-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (!response.ok) throw await parseError(response);
  const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
  storeTokens(tokens);
  return tokens.accessToken;
}

/** One refresh at a time: every caller during a refresh waits for the same promise. */
export function refreshAccessToken(): Promise<string> {
  if (!refreshing) {
    refreshing = requestRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function expireSession(): void {
  // Several parallel calls can fail together; only the first one clears and redirects.
  if (!getSession() && !getAccessToken() && !getRefreshToken()) return;
  clearSession();
  onUnauthorized(SESSION_EXPIRED_MESSAGE);
}

async function freshToken(): Promise<string | null> {
  if (refreshing) return refreshing;
  const token = getAccessToken();
  if (!token) return null;
  if (secondsLeft(token) >= REFRESH_MARGIN_SECONDS) return token;
  return refreshAccessToken();
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth !== false) {
    Object.assign(headers, tenantHeaders());
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  Object.assign(headers, options.headers);
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'Something went wrong');
  }
}

async function withNetworkError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError'))
      throw error;
    throw new ApiError(0, 'NETWORK', 'Unable to reach the server. Please check your connection.');
  }
}

/**
 * Sends one call to the API. Signed-in calls carry the bearer token and the tenant headers,
 * refresh the token first when it is about to expire, and are retried once after a refresh when
 * they still get a 401; a failed refresh or a second 401 ends the session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return withNetworkError(async () => {
    if (options.auth === false) {
      const response = await send(path, options, null);
      if (!response.ok) throw await parseError(response);
      return readBody<T>(response);
    }
    const fail = (error: ApiError): never => {
      if (options.skipAuthRedirect) throw error;
      expireSession();
      throw new ApiError(401, SESSION_EXPIRED_CODE, SESSION_EXPIRED_MESSAGE);
    };
    let token: string | null;
    try {
      token = await freshToken();
    } catch (error) {
      // A network failure keeps the session (offline is not signed out); a refused refresh ends it.
      if (!(error instanceof ApiError)) throw error;
      return fail(error);
    }
    let response = await send(path, options, token);
    if (response.status === 401) {
      try {
        // Someone else may have refreshed while this call was in flight: reuse their token.
        const current = getAccessToken();
        token = current && current !== token && !refreshing ? current : await refreshAccessToken();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return fail(error);
      }
      response = await send(path, options, token);
      if (response.status === 401) return fail(await parseError(response));
    }
    if (!response.ok) throw await parseError(response);
    return readBody<T>(response);
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** The text a toast shows for any failure. */
/** What a failure says when nothing better is known. */
export const GENERIC_FAILURE = 'Something went wrong';

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_FAILURE;
}
