import { API_BASE, ApiError, errorMessage, refreshAccessToken } from '../../app/api-client';
import { getAccessToken, tenantHeaders } from '../../app/auth-store';
import { secondsLeft } from '../../app/jwt';

// Files billing hands out (the payments CSV, a payment authorization PDF): fetched with the
// bearer token and tenant headers like every call, then saved or opened by the browser.

async function fetchFile(path: string): Promise<Blob> {
  const send = (token: string | null) =>
    fetch(`${API_BASE}${path}`, {
      headers: { ...tenantHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  let token = getAccessToken();
  if (token && secondsLeft(token) < 60) token = await refreshAccessToken();
  let response = await send(token);
  if (response.status === 401) response = await send(await refreshAccessToken());
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'HTTP_ERROR',
      errorMessage(body?.error?.message),
    );
  }
  return response.blob();
}

/** Downloads a file the API answers under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a PDF the API answers in a new tab (the browser's own viewer). */
export async function openPdf(path: string): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(path));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A key per user action, sent again only when the same action is retried. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
