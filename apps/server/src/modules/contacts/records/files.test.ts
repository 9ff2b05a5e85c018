import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { type Client, createKit, type Kit } from '../contacts.test-kit.ts';
import { uploadsDir } from './files.service.ts';

function multipart(fileName: string, content: Buffer) {
  const boundary = `----test${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe(`contact files (${DB_KIND})`, () => {
  let k: Kit;
  let contactId: string;
  let root: string;
  let uploads: string;
  beforeAll(async () => {
    k = await createKit();
    root = path.join(k.t.app.services.config.dataDir, 'files', 'contacts');
    uploads = uploadsDir(k.t.app.services.config.dataDir);
    contactId = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Has Files' })).body.data._id;
  });
  afterAll(() => k.t.close());

  const upload = async (fileName: string, content: Buffer, client: Client = k.admin, id = contactId) => {
    const body = multipart(fileName, content);
    const res = await k.t.app.inject({
      method: 'POST',
      url: `/api/contact-file/${id}`,
      headers: { ...client.session.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const tempFiles = () => (existsSync(uploads) ? readdirSync(uploads) : []);

  it('uploads, lists, downloads and deletes a file', async () => {
    const bytes = Buffer.from('%PDF-1.4 pretend document');
    const up = await upload('Contract Ünïcode.pdf', bytes);
    expect(up.status).toBe(200);
    expect(up.body.message).toBe('Contact file added successfully');
    expect(up.body.data).toMatchObject({
      contactId,
      fileName: 'Contract Ünïcode.pdf',
      kind: 'document',
      mimeType: 'application/pdf',
      size: bytes.length,
    });
    const fileId = up.body.data._id;
    expect(up.body.data.fileId).toBe(fileId);
    const list = await k.admin.call('GET', `/api/contact-file/${contactId}`);
    expect(list.body.pagination).toEqual({ page: 1, pageSize: 50, hasMore: false });
    expect(list.body.list.map((f: { _id: string }) => f._id)).toEqual([fileId]);

    const get = await k.t.app.inject({
      method: 'GET',
      url: up.body.data.url,
      headers: k.admin.session.headers,
    });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(bytes)).toBe(true);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(get.headers['content-disposition']).toBe(
      `attachment; filename="Contract _n_code.pdf"; filename*=UTF-8''${encodeURIComponent('Contract Ünïcode.pdf')}`,
    );
    const activity = await k.admin.call('GET', `/api/contact-activity/${contactId}`);
    expect(activity.body.list[0]).toMatchObject({ kind: 'file.added' });

    const stored = path.join(root, k.org.id, `${fileId}.pdf`);
    expect(existsSync(stored)).toBe(true);
    expect(
      (await k.employee.call('DELETE', `/api/contact-file/${contactId}`, { fileIds: [fileId] })).status,
    ).toBe(403);
    const del = await k.admin.call('DELETE', `/api/contact-file/${contactId}`, { fileIds: [fileId] });
    expect(del.body).toEqual({ success: true, message: 'Contact file deleted', count: 1 });
    expect(existsSync(stored)).toBe(false);
    expect((await k.admin.call('GET', `/api/contact-file/${contactId}`)).body.list).toEqual([]);
    expect(
      (await k.t.app.inject({ method: 'GET', url: up.body.data.url, headers: k.admin.session.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses unknown kinds, empty and oversize files, and non-multipart bodies, keeping nothing', async () => {
    const before = await k.scalar('select count(*)::int as n from contact_files');
    const exe = await upload('setup.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect(exe.body.error.message).toMatch(/^file: This file type is not allowed/);
    const empty = await upload('empty.txt', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('file: The file is empty');
    const big = await upload('huge.mp4', Buffer.alloc(25 * 1024 * 1024 + 10, 1));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('file: The file is larger than 25 MB');
    const json = await k.admin.call('POST', `/api/contact-file/${contactId}`, { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toMatch(/^file: /);
    expect(await k.scalar('select count(*)::int as n from contact_files')).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it('pages the list, 50 by default, newest first', async () => {
    const other = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Many Files' })).body.data._id;
    for (let i = 0; i < 3; i++)
      expect((await upload(`note-${i}.txt`, Buffer.from(`n${i}`), k.admin, other)).status).toBe(200);
    const page = await k.admin.get(`/api/contact-file/${other}`, { pageSize: 2 });
    expect(page.body.list.map((f: { fileName: string }) => f.fileName)).toEqual(['note-2.txt', 'note-1.txt']);
    expect(page.body.pagination.hasMore).toBe(true);
    const rest = await k.admin.get(`/api/contact-file/${other}`, { pageSize: 2, page: 2 });
    expect(rest.body.list.map((f: { fileName: string }) => f.fileName)).toEqual(['note-0.txt']);
  });

  it('another organisation gets 404 for this organisation’s contact and its files', async () => {
    const mine = await upload('photo.png', Buffer.from('png-bytes'));
    const fileId = mine.body.data._id;
    expect((await upload('x.txt', Buffer.from('x'), k.intruder)).status).toBe(404);
    expect(tempFiles()).toEqual([]);
    expect((await k.intruder.call('GET', `/api/contact-file/${contactId}`)).status).toBe(404);
    const get = await k.t.app.inject({
      method: 'GET',
      url: mine.body.data.url,
      headers: k.intruder.session.headers,
    });
    expect(get.statusCode).toBe(404);
    expect(
      (await k.intruder.call('DELETE', `/api/contact-file/${contactId}`, { fileIds: [fileId] })).status,
    ).toBe(404);
    expect(await k.scalar('select count(*)::int as n from contact_files where id = $1', [fileId])).toBe(1);
    expect(existsSync(path.join(root, k.org.id, `${fileId}.png`))).toBe(true);
  });
});
