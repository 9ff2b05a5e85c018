import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { fakeJwt, jsonResponse, makeLoginAnswer } from '../../../test-utils';
import { useAuthorizedImage } from './screenshot-strip';

// A screenshot is served only with the caller's token: its image is fetched like every download,
// so a token about to expire is refreshed first instead of the image failing with a 401.

type Call = [string, RequestInit];
const bearer = (call: unknown) => ((call as Call)[1].headers as Record<string, string>).Authorization;

describe('screenshot images', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:shot', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refreshes a token about to expire before fetching the image', async () => {
    const answer = makeLoginAnswer();
    answer.accessToken = fakeJwt(30, 'old');
    answer.refreshToken = 'refresh-old-000000000000000000';
    storeSession(answer);
    const fresh = fakeJwt(3600, 'new');
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/jwt/refresh-token')
        ? jsonResponse({ accessToken: fresh, refreshToken: 'refresh-new-000000000000000000' })
        : new Response('png', { status: 200 }),
    );
    const { result } = renderHook(() =>
      useAuthorizedImage('/api/contact/workhistory/screenshot/s1/image?size=small'),
    );
    await waitFor(() => expect(result.current).toBe('blob:shot'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/jwt/refresh-token',
      '/api/contact/workhistory/screenshot/s1/image?size=small',
    ]);
    expect(bearer(fetchMock.mock.calls[1])).toBe(`Bearer ${fresh}`);
  });
});
