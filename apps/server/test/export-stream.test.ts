import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { contactExportQuery } from '@opsuite/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant.ts';
import { AppError } from '../src/lib/errors.ts';
import { streamedAnswer } from '../src/lib/streamed-answer.ts';
import { createKit, type Kit } from '../src/modules/contacts/contacts.test-kit.ts';
import { writeContactsCsv } from '../src/modules/contacts/lists/export.service.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';
import type { App } from '../src/plugins/types.ts';
import { DB_KIND } from './helpers.ts';

// A streamed file (the contacts export) must never let a failure pass for a complete file: it is
// refused before its first byte when it can be, and cut off, never ended cleanly, when it cannot.

interface Got {
  status: number;
  contentType: string | undefined;
  disposition: string | undefined;
  body: string;
  /** The body arrived whole (for chunked encoding: with its closing chunk). */
  complete: boolean;
}

function get(port: number, path: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        // 'error' (aborted) comes before 'close' on a cut body; the outcome is read at 'close'.
        res.on('error', () => undefined);
        res.on('close', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            disposition: res.headers['content-disposition'],
            body,
            complete: res.complete,
          }),
        );
      })
      .on('error', reject);
  });
}

describe('a streamed answer', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = Fastify() as unknown as App;
    await app.register(errorsPlugin);
    const tick = () => new Promise((r) => setTimeout(r, 20));
    app.get('/fails-first', (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="x.csv"')
        .send(
          streamedAnswer(async () => {
            await tick();
            throw new AppError('VALIDATION', 'search: refused');
          }),
        ),
    );
    app.get('/breaks-first', (_req, reply) =>
      reply.header('content-type', 'text/csv; charset=utf-8').send(
        streamedAnswer(async () => {
          await tick();
          throw new Error('the first batch failed');
        }),
      ),
    );
    app.get('/fails-later', (_req, reply) =>
      reply.send(
        streamedAnswer(async (out) => {
          out.write('ID,Name\r\n');
          await tick();
          throw new Error('the second batch failed');
        }),
      ),
    );
    app.get('/succeeds', (_req, reply) =>
      reply.send(
        streamedAnswer(async (out) => {
          out.write('ID,Name\r\n');
          await tick();
          out.write('1,Ann\r\n');
        }),
      ),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('answers a failure before its first byte as an error in the one shape', async () => {
    const res = await get(port, '/fails-first');
    expect(res.status).toBe(400);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(res.disposition).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'VALIDATION', message: 'search: refused' },
    });
    const broken = await get(port, '/breaks-first');
    expect(broken.status).toBe(500);
    expect(broken.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(broken.body)).toEqual({
      error: { code: 'INTERNAL', message: 'Internal server error' },
    });
  });

  it('cuts the body off after a later failure, so no client takes it for a complete file', async () => {
    const res = await get(port, '/fails-later');
    expect(res.status).toBe(200);
    expect(res.body).toBe('ID,Name\r\n');
    expect(res.complete).toBe(false);
  });

  it('ends cleanly only when everything was written', async () => {
    const res = await get(port, '/succeeds');
    expect(res).toMatchObject({ status: 200, body: 'ID,Name\r\n1,Ann\r\n', complete: true });
  });
});

describe(`the contacts export writes nothing until its first rows are read (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('fails without a byte written when the first read fails', async () => {
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    // A search the database refuses (the route's input check would have stopped it earlier).
    const query = contactExportQuery.parse({ search: 'a\u0000b' });
    const ctx = {
      organizationId: k.org.id,
      userId: k.admin.session.userId,
      userType: 'admin',
      dataFlow: true,
      role: {},
    } as never;
    await expect(
      withTenant(k.t.database.db, k.org.id, (tx) => writeContactsCsv(tx, ctx, query, out)),
    ).rejects.toThrow();
    expect(chunks).toEqual([]);
  });

  it('still writes the header when nothing matches', async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: '/api/contact/export?search=nobody-matches-this',
      headers: k.admin.session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFFID,Full Name,')).toBe(true);
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
