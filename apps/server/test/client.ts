import type { TestApp } from './helpers.ts';

// A small request helper for API tests: calls the app with fixed headers and answers the status
// and the parsed body.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect().
type Json = any;

export interface RequestClient {
  call(method: Method, url: string, payload?: unknown): Promise<{ status: number; body: Json }>;
  get(url: string, query?: Record<string, string | number>): Promise<{ status: number; body: Json }>;
}

export function requestClient(t: TestApp, headers: Record<string, string>): RequestClient {
  const call: RequestClient['call'] = async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  return {
    call,
    get: (url, query) => {
      const qs = query
        ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
        : '';
      return call('GET', `${url}${qs}`);
    },
  };
}
