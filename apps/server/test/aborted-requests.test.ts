import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, REAL_DATABASE_URL, seedTenant, signIn, type TestApp } from './helpers.ts';

// A client that goes away while its request's tenant transaction is still opening (PostgreSQL's
// fast path opens it with the context read): onRequestAbort then finds nothing to end, and a
// request that never reaches its handler (here a 400 for a bad id) gets no onResponse either, so
// the transaction must be ended where it is opened. Before, each such request kept a pooled
// connection idle in a transaction (3 of 3 here) until the pool ran dry.

const idleInTransaction = async (t: TestApp) =>
  (
    await t.database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`,
    )
  )[0]!.n;

describe.skipIf(!REAL_DATABASE_URL)('a request aborted while its transaction opens (postgres)', () => {
  let t: TestApp;
  let port: number;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const org = await seedTenant(t, ['admin']);
    headers = (await signIn(t, org.emails.admin!)).headers;
    const begin = t.database.beginTenant!;
    // The transaction is open, and stays opening a while: long enough for the client to leave.
    t.database.beginTenant = async (...args) => {
      const open = await begin(...args);
      await sleep(150);
      return open;
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('ends the transaction: no connection is left idle in a transaction', async () => {
    const before = await idleInTransaction(t);
    for (let i = 0; i < 3; i++) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
      socket.write(`GET /api/contact/getById/not-an-id HTTP/1.1\r\nhost: x\r\n${lines.join('\r\n')}\r\n\r\n`);
      await sleep(40);
      socket.destroy();
    }
    await sleep(500);
    expect(await idleInTransaction(t)).toBe(before);
    // And the server still answers.
    const res = await t.app.inject({ method: 'GET', url: '/api/organization/current', headers });
    expect(res.statusCode).toBe(200);
  });
});
