import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { securityHeaders } from './security-headers.ts';

describe('serving the web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<html>main app</html>');
    writeFileSync(path.join(dist, 'kiosk.html'), '<html>kiosk</html>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    t = await createTestApp(undefined, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers page navigations with the SPA and /kiosk paths with the kiosk entry', async () => {
    for (const url of ['/', '/login', '/contacts/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('main app');
    }
    for (const url of ['/kiosk', '/kiosk/', '/kiosk/anything']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('kiosk');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and unknown API paths as JSON 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('sends the pre-compressed copy to a browser that accepts it, the plain file otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it("sends helmet's security headers on pages, assets, API answers and errors", async () => {
    const expected = securityHeaders();
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    for (const url of [
      '/',
      '/kiosk',
      '/assets/app-1234.js',
      '/api/health',
      '/api/missing',
      '/api/contact/get',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name.toLowerCase()], `${url} ${name}`).toBe(value);
    }
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // And how long the server took over each (Server-Timing, read by npm run bench).
    for (const url of ['/', '/api/health', '/api/missing', '/api/contact/get']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['server-timing'], url).toMatch(/^app;dur=\d+\.\d$/);
    }
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
