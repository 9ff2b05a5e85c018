import { API_BASE, ApiError, refreshAccessToken, SESSION_EXPIRED_MESSAGE } from './api-client';
import { getAccessToken, tenantHeaders } from './auth-store';
import { secondsLeft } from './jwt';

// The calls apiRequest cannot make because their bodies are not JSON: multipart uploads and file
// downloads (CSV exports, PDFs). The same headers and the same token rule as every call: a token
// about to expire is refreshed first, and a 401 refreshes once and tries again.

async function tokenForCall(): Promise<string | null> {
  const token = getAccessToken();
  if (token && secondsLeft(token) < 60) return refreshAccessToken();
  return token;
}

async function errorOf(response: Response): Promise<ApiError> {
  let code = 'HTTP_ERROR';
  let message = response.status >= 500 ? 'Something went wrong' : response.statusText || 'Request failed';
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
    }
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, code, message);
}

function urlOf(path: string, query?: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ''}`;
}

/** fetch with the bearer token and tenant headers; one refresh and retry after a 401. */
export async function authorizedFetch(
  path: string,
  init: { method?: string; body?: BodyInit; query?: Record<string, string | number | undefined> } = {},
): Promise<Response> {
  const send = (token: string | null) =>
    fetch(urlOf(path, init.query), {
      method: init.method ?? 'GET',
      body: init.body,
      headers: { ...tenantHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  let response: Response;
  try {
    response = await send(await tokenForCall());
    if (response.status === 401) response = await send(await refreshAccessToken());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'NETWORK', 'Unable to reach the server. Please check your connection.');
  }
  if (response.status === 401) throw new ApiError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** Sends a multipart form and reads the JSON answer. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await authorizedFetch(path, { method: 'POST', body: form });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The file name of a download, from Content-Disposition when the server gives one. */
export function downloadName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Saves a blob through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file the API answers, named as the server says or else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await authorizedFetch(path);
  saveBlob(await response.blob(), downloadName(response, fallbackName));
}

/** Opens a file the API answers (a PDF) in a new tab, the browser's own viewer. */
export async function openFile(path: string): Promise<void> {
  const response = await authorizedFetch(path);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
