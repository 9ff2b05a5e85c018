import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import type { Prelude } from '../src/db/fast/tenant-pg.ts';
import type { ContextRow } from '../src/plugins/context.ts';
import { CONTEXT_MAX_AGE_MS, ContextCache } from '../src/plugins/context-cache.ts';
import type { RequestContext } from '../src/plugins/types.ts';
import {
  createTestApp,
  DB_KIND,
  REAL_DATABASE_URL,
  type Session,
  seedTenant,
  signIn,
  type TestApp,
} from './helpers.ts';

// A signed-in request reads no membership, role or organisation row that has not changed: the
// contexts are kept per process and dropped when the database announces a change (NOTIFY from
// triggers), at once in the process that made it and within CONTEXT_MAX_AGE_MS in any other.

type App = TestApp['app'];

const current = (app: App, s: Session) =>
  app.inject({ method: 'GET', url: '/api/organization/current', headers: s.headers });
const rename = (app: App, s: Session, name: string) =>
  app.inject({ method: 'PUT', url: '/api/organization/current', headers: s.headers, payload: { name } });

/** Counts the context reads a handle makes (with BEGIN on PostgreSQL, alone on PGlite). */
function countContextReads(database: DatabaseHandle): { reads: number } {
  const count = { reads: 0 };
  const begin = database.beginTenant?.bind(database);
  if (begin)
    database.beginTenant = (orgId: string, prelude?: Prelude) => {
      if (prelude?.name === 'ctx_lookup') count.reads += 1;
      return begin(orgId, prelude);
    };
  const prepared = database.prepared.bind(database);
  database.prepared = (name, text, params) => {
    if (name === 'ctx_lookup') count.reads += 1;
    return prepared(name, text, params);
  };
  return count;
}

/** Milliseconds until `check` holds, polling every 20 ms up to `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > limitMs) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`request contexts kept in memory (${DB_KIND})`, () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let reads: { reads: number };
  beforeAll(async () => {
    a = await createTestApp();
    reads = countContextReads(a.database);
    // A second process on the same database (its own pool and memory); PGlite is one process.
    second = REAL_DATABASE_URL
      ? await openDatabase({
          url: (a.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
            .options.connectionString,
          poolSize: 5,
        })
      : a.database;
    b = await createTestApp(second);
  });
  afterAll(async () => {
    await b.app.close();
    if (second !== a.database) await second.close();
    await a.close();
  });

  it('a repeated signed-in read reads the context once', async () => {
    const org = await seedTenant(a, ['admin']);
    const admin = await signIn(a, org.emails.admin!);
    const before = reads.reads;
    for (let i = 0; i < 5; i++) expect((await current(a.app, admin)).statusCode).toBe(200);
    expect(reads.reads - before).toBe(1);
  });

  it.skipIf(DB_KIND !== 'postgres')('a read with a kept context is one write to PostgreSQL', async () => {
    const org = await seedTenant(a, ['admin']);
    const admin = await signIn(a, org.emails.admin!);
    expect((await current(a.app, admin)).statusCode).toBe(200);
    // What reaches the socket: corked messages are flushed together through _writev.
    type Flush = (this: net.Socket, ...args: unknown[]) => void;
    const proto = net.Socket.prototype as unknown as { _write: Flush; _writev: Flush };
    const { _write, _writev } = proto;
    let writes = 0;
    proto._write = function (...args) {
      writes += 1;
      return _write.apply(this, args);
    };
    proto._writev = function (...args) {
      writes += 1;
      return _writev.apply(this, args);
    };
    const counts: number[] = [];
    try {
      for (let i = 0; i < 9; i++) {
        writes = 0;
        expect((await current(a.app, admin)).statusCode).toBe(200);
        counts.push(writes);
      }
    } finally {
      proto._write = _write;
      proto._writev = _writev;
    }
    // The median: a background job's statement may fall into one request's count.
    counts.sort((x, y) => x - y);
    expect(counts[4]).toBe(1);
  });

  it('a role change is seen by the next request of the process that made it', async () => {
    const org = await seedTenant(a, ['admin', 'client']);
    const client = await signIn(a, org.emails.client!);
    expect((await rename(a.app, client, 'Renamed')).statusCode).toBe(403);
    // The client is made an admin: the admin's contact type on the client's role.
    await a.database.query(
      'update role_assignments set contact_type_id = $2 where organization_id = $1 and user_id = $3',
      [org.id, org.contactTypeIds.admin, client.userId],
    );
    expect((await rename(a.app, client, 'Renamed')).statusCode).toBe(200);
    // And back.
    await a.database.query(
      'update role_assignments set contact_type_id = $2 where organization_id = $1 and user_id = $3',
      [org.id, org.contactTypeIds.client, client.userId],
    );
    expect((await rename(a.app, client, 'Again')).statusCode).toBe(403);
  });

  it('a membership removed ends access on the next request, and in another process within the limit', async () => {
    const org = await seedTenant(a, ['admin', 'employee']);
    const employee = await signIn(a, org.emails.employee!);
    expect((await current(a.app, employee)).statusCode).toBe(200);
    expect((await current(b.app, employee)).statusCode).toBe(200);
    await a.database.query('delete from role_assignments where organization_id = $1 and user_id = $2', [
      org.id,
      employee.userId,
    ]);
    await a.database.query('delete from memberships where organization_id = $1 and user_id = $2', [
      org.id,
      employee.userId,
    ]);
    const refused = await current(a.app, employee);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You are not a member of this organisation');
    const ms = await within(
      CONTEXT_MAX_AGE_MS + 500,
      async () => (await current(b.app, employee)).statusCode === 403,
    );
    expect(ms).toBeLessThanOrEqual(CONTEXT_MAX_AGE_MS + 500);
  });

  it('an organisation renamed is what the next request of a kept context sees', async () => {
    const org = await seedTenant(a, ['admin']);
    const admin = await signIn(a, org.emails.admin!);
    expect((await current(a.app, admin)).statusCode).toBe(200);
    expect((await rename(a.app, admin, 'New name')).statusCode).toBe(200);
    const ctx = await a.app.inject({ method: 'GET', url: '/api/auth/session', headers: admin.headers });
    expect(ctx.statusCode).toBe(200);
    // Another organisation's header on a kept context is still checked against the database.
    const other = await seedTenant(a, ['admin']);
    const foreign = await current(a.app, { ...admin, headers: { ...admin.headers, organization: other.id } });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('ContextCache', () => {
  const row = { org_id: 'o1' } as ContextRow;
  const kept = { row, context: { organizationId: 'o1' } as RequestContext };

  it('drops an organisation on notice, and a read that began before the notice is not kept', () => {
    const cache = new ContextCache({ listening: () => true });
    cache.keepContext(cache.ticket(), 'u1', null, kept);
    expect(cache.context('o1', 'u1', null)).toBe(kept);
    expect(cache.context('o1', 'u1', 'a1')).toBeUndefined();
    const ticket = cache.ticket();
    cache.forget('o1');
    expect(cache.context('o1', 'u1', null)).toBeUndefined();
    cache.keepContext(ticket, 'u1', null, kept);
    expect(cache.context('o1', 'u1', null)).toBeUndefined();
  });

  it('uses nothing older than its limit, nor while no connection listens', async () => {
    let listening = true;
    const cache = new ContextCache({ listening: () => listening }, 50);
    cache.keepContext(cache.ticket(), 'u1', null, kept);
    expect(cache.context('o1', 'u1', null)).toBe(kept);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.context('o1', 'u1', null)).toBeUndefined();
    cache.keepContext(cache.ticket(), 'u1', null, kept);
    listening = false;
    expect(cache.context('o1', 'u1', null)).toBeUndefined();
    listening = true;
    expect(cache.context('o1', 'u1', null)).toBeUndefined();
  });
});
