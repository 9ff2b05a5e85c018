import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// Every error the server answers is `{ error: { code, message } }`, including the ones Fastify
// and Node's HTTP parser answer before any route runs.

/** Sends raw bytes and answers the status line's code and the body. */
function rawRequest(port: number, request: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const type = /content-type: ([^\r\n]*)/i.exec(head)?.[1] ?? '';
      resolve({ status: Number(head.split(' ')[1]), type, body });
    });
  });
}

const expectShape = (body: unknown) => {
  expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(Object.keys((body as { error: object }).error).sort()).toEqual(
    expect.arrayContaining(['code', 'message']),
  );
};

describe('errors answered before routing keep the error shape', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('bad percent-encoding in the path', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/tag/update/%zz', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The address is not valid (bad percent-encoding)' },
    });
  });

  it('a path parameter longer than the router takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/contact/getById/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'A path parameter is too long' } });
  });

  it('oversized headers and a malformed request, refused by the HTTP parser', async () => {
    const big = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big.status).toBe(431);
    expect(big.type).toMatch(/^application\/json/);
    expect(JSON.parse(big.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request headers are too large' },
    });
    const longUrl = await rawRequest(
      port,
      `GET /api/tag/update/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(longUrl.status).toBe(431);
    expectShape(JSON.parse(longUrl.body));
    const garbage = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request is malformed' },
    });
  });

  it('unknown routes and methods, unsupported and malformed bodies', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['PATCH', '/api/tag/get'],
      ['DELETE', '/api/jwt/login'],
      ['OPTIONS', '/api/contact/get'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expectShape(xml.json());
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expectShape(broken.json());
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(3 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
