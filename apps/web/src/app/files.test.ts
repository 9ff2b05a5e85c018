import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, makeLoginAnswer } from '../test-utils';
import { storeSession } from './auth-store';
import { downloadFile } from './files';

// Every download (CSV exports, PDFs) goes through one helper that keeps the token rule of every
// call: a token about to expire is refreshed first, and a 401 refreshes once and tries again.

type Call = [string, RequestInit];
const bearer = (call: unknown) => ((call as Call)[1].headers as Record<string, string>).Authorization;

describe('file downloads', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  const saved: string[] = [];

  beforeEach(() => {
    fetchMock.mockReset();
    saved.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function signIn(tokenSeconds: number) {
    const answer = makeLoginAnswer();
    answer.accessToken = fakeJwt(tokenSeconds, 'old');
    answer.refreshToken = 'refresh-old-000000000000000000';
    storeSession(answer);
  }
  const file = (name?: string) =>
    new Response('a,b\n', {
      status: 200,
      headers: name ? { 'Content-Disposition': `attachment; filename="${name}"` } : {},
    });

  it('refreshes a token about to expire before the download, and takes the server’s file name', async () => {
    signIn(30);
    const fresh = fakeJwt(3600, 'new');
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/jwt/refresh-token')
        ? jsonResponse({ accessToken: fresh, refreshToken: 'refresh-new-000000000000000000' })
        : file('payroll-2026-11-01.csv'),
    );
    await downloadFile('/payroll/report/1/export.csv', 'fallback.csv');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/jwt/refresh-token',
      '/api/payroll/report/1/export.csv',
    ]);
    expect(bearer(fetchMock.mock.calls[1])).toBe(`Bearer ${fresh}`);
    expect(saved).toEqual(['payroll-2026-11-01.csv']);
  });

  it('refreshes once after a 401 and tries again, with the fallback name when none is given', async () => {
    signIn(3600);
    const fresh = fakeJwt(3600, 'new');
    let first = true;
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/jwt/refresh-token')) {
        return jsonResponse({ accessToken: fresh, refreshToken: 'refresh-new-000000000000000000' });
      }
      if (first) {
        first = false;
        return jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'Expired' } }, 401);
      }
      return file();
    });
    await downloadFile('/payment/export', 'payments.csv');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(bearer(fetchMock.mock.calls[2])).toBe(`Bearer ${fresh}`);
    expect(saved).toEqual(['payments.csv']);
  });
});
