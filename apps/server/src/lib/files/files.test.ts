import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DiskFileStore, FileLinks, type FileStore, S3FileStore } from './index.ts';

const text = async (s: Readable) => Buffer.concat(await s.toArray()).toString('utf8');

/** What every store must do, the same on disk and in a bucket. */
function behavesAsAStore(name: string, open: () => FileStore) {
  describe(`${name} file store`, () => {
    it('keeps, replaces, reads and deletes a file by key; a missing one is null', async () => {
      const store = open();
      await store.put('contacts/org-1/a.txt', Buffer.from('first'), 'text/plain');
      await store.put('contacts/org-1/a.txt', Readable.from([Buffer.from('second')]), 'text/plain');
      const got = await store.get('contacts/org-1/a.txt');
      expect(got?.size).toBe(6);
      expect(await text(got!.body)).toBe('second');
      expect(await store.get('contacts/org-1/none.txt')).toBeNull();
      await store.delete(['contacts/org-1/a.txt', 'contacts/org-1/none.txt']);
      expect(await store.get('contacts/org-1/a.txt')).toBeNull();
    });

    it('refuses keys that could leave their folder', async () => {
      const store = open();
      for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b', '']) {
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Not a file key/);
      }
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'opsuite-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

behavesAsAStore('disk', () => new DiskFileStore(path.join(dir, 'disk')));

// S3 through the official SDK against a local S3-compatible stand-in (s3rver).
let s3server: S3rver;
let endpoint = '';
beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'opsuite-test', configs: [] }],
  });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3server?.close());
const s3 = () =>
  new S3FileStore({
    bucket: 'opsuite-test',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
behavesAsAStore('S3', s3);

describe('signed download links', () => {
  it('a disk link names one file until it expires; altered or expired links grant nothing', async () => {
    const links = new FileLinks(new DiskFileStore(dir), 'secret-secret-secret-secret-secret-00');
    const now = Date.now();
    const link = await links.link('staff/o/1.png', { fileName: 'shot.png', contentType: 'image/png' }, now);
    const token = link.replace('/api/files/download?token=', '');
    expect(links.verify(token, now)).toEqual({
      key: 'staff/o/1.png',
      fileName: 'shot.png',
      contentType: 'image/png',
    });
    expect(links.verify(token, now + 301_000)).toBeNull();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), k: 'staff/other/2.png' }),
    ).toString('base64url');
    expect(links.verify(`${forged}.${mac}`, now)).toBeNull();
    const other = new FileLinks(new DiskFileStore(dir), 'another-secret-another-secret-000000');
    expect(other.verify(token, now)).toBeNull();
  });

  it('an S3 link is a presigned URL the bucket serves with the download name', async () => {
    const store = s3();
    await store.put('docs/o/report.pdf', Buffer.from('%PDF-1.7 test'), 'application/pdf');
    const links = new FileLinks(store, 'secret-secret-secret-secret-secret-00');
    const url = await links.link('docs/o/report.pdf', {
      fileName: 'Pay stub.pdf',
      contentType: 'application/pdf',
    });
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 test');
    expect(res.headers.get('content-disposition')).toContain('Pay%20stub.pdf');
  });
});

describe('GET /api/files/download?token=...', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(undefined, { DATA_DIR: path.join(dir, 'app') });
  });
  afterAll(() => t.close());

  it('serves the file of a valid link without a sign-in, and 404 in the one error shape otherwise', async () => {
    const { files, fileLinks } = t.app.services;
    await files.put('contacts/o/n.txt', Buffer.from('hello'), 'text/plain');
    const link = await fileLinks.link('contacts/o/n.txt', {
      fileName: 'note ✓.txt',
      contentType: 'text/plain',
    });
    const ok = await t.app.inject({ method: 'GET', url: link });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('hello');
    expect(ok.headers['content-disposition']).toBe(
      `attachment; filename="note _.txt"; filename*=UTF-8''note%20%E2%9C%93.txt`,
    );
    const bad = await t.app.inject({ method: 'GET', url: `${link.slice(0, -3)}abc` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'This download link has expired or is not valid' },
    });
    await files.delete(['contacts/o/n.txt']);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});
