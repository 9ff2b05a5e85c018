import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  DB_KIND,
  REAL_DATABASE_URL,
  type Session,
  seedTenant,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { feedOf, RevocationFeed } from './revocation-feed.ts';

// Two API instances on one database, each with its own pool, memory and feed, as two processes
// behind a load balancer: access revoked through one ends on the other within seconds, told by
// PostgreSQL NOTIFY, by Redis, or failing both by the periodic catch-up read.

const REDIS_URL = process.env.REDIS_URL;
const HOUR_MS = 3_600_000;

type App = TestApp['app'];

/** Milliseconds until `app` refuses the session's token, polling every 25 ms up to `limitMs`. */
async function refusedWithin(app: App, s: Session, limitMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/organization/current', headers: s.headers });
    const elapsed = performance.now() - t0;
    if (res.statusCode === 401) return elapsed;
    expect(res.statusCode).toBe(200);
    if (elapsed > limitMs) return elapsed;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Replaces an app's feed with one of these options (a catch-up once an hour shows notifications alone). */
async function refeed(app: App, options: ConstructorParameters<typeof RevocationFeed>[2]): Promise<void> {
  await feedOf(app.services)?.stop();
  await new RevocationFeed(app.services, app.log, options).start();
}

const signOut = (app: App, s: Session) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    headers: s.headers,
    payload: { refreshToken: s.refreshToken },
  });

describe(`revocations reach every app instance (${DB_KIND})`, () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    a = await createTestApp();
    // A second pool on the same database where there is a server; PGlite is one process, so its
    // second instance shares the handle and has only the catch-up to learn from.
    second = REAL_DATABASE_URL
      ? await openDatabase({
          url: (a.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
            .options.connectionString,
          poolSize: 5,
        })
      : a.database;
    b = await createTestApp(second);
    org = await seedTenant(a, ['admin', 'employee', 'employee', 'employee', 'client']);
  });
  afterAll(async () => {
    await b.app.close();
    if (second !== a.database) await second.close();
    await a.close();
  });

  const employees = () => Object.keys(org.members).filter((e) => org.members[e]!.role === 'employee');

  it.skipIf(DB_KIND !== 'postgres')(
    'a sign-out on one ends the token on the other through NOTIFY',
    async () => {
      await refeed(b.app, { catchUpMs: HOUR_MS });
      const s = await signIn(a, employees()[0]!);
      expect(
        (await b.app.inject({ method: 'GET', url: '/api/organization/current', headers: s.headers }))
          .statusCode,
      ).toBe(200);
      expect((await signOut(a.app, s)).statusCode).toBe(200);
      expect(await refusedWithin(b.app, s, 3_000)).toBeLessThan(3_000);
    },
  );

  it.skipIf(DB_KIND !== 'postgres')(
    'a deleted account’s token ends on the other through NOTIFY',
    async () => {
      await refeed(b.app, { catchUpMs: HOUR_MS });
      const s = await signIn(a, employees()[1]!);
      const gone = await a.app.inject({
        method: 'DELETE',
        url: '/api/user/delete',
        headers: s.headers,
        payload: { source: 'profile', password: 'password123' },
      });
      expect(gone.statusCode).toBe(200);
      expect(await refusedWithin(b.app, s, 3_000)).toBeLessThan(3_000);
    },
  );

  it.skipIf(DB_KIND !== 'postgres')('a dropped LISTEN connection is made again', async () => {
    await refeed(b.app, { catchUpMs: HOUR_MS });
    // Ends every LISTEN session on this database (each instance's); they reconnect on their own.
    const ended = await a.database.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and query ilike 'listen %'`,
    );
    expect(ended.length).toBeGreaterThanOrEqual(2);
    const s = await signIn(a, employees()[0]!);
    expect((await signOut(a.app, s)).statusCode).toBe(200);
    expect(await refusedWithin(b.app, s, 4_000)).toBeLessThan(4_000);
  });

  it('without notifications, the periodic catch-up ends it within seconds', async () => {
    await refeed(b.app, { notifications: false });
    const s = await signIn(a, employees()[2]!);
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/organization/current', headers: s.headers }))
        .statusCode,
    ).toBe(200);
    expect((await signOut(a.app, s)).statusCode).toBe(200);
    // One catch-up interval (2 s) and the read itself, on a busy machine.
    expect(await refusedWithin(b.app, s, 6_000)).toBeLessThan(6_000);
  });

  it('an instance started after the revocation knows it before its first request', async () => {
    const s = await signIn(a, org.emails.client!);
    expect((await signOut(a.app, s)).statusCode).toBe(200);
    const late = await createTestApp(second);
    try {
      const res = await late.app.inject({
        method: 'GET',
        url: '/api/organization/current',
        headers: s.headers,
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await late.app.close();
    }
  });

  it.skipIf(DB_KIND !== 'postgres' || !REDIS_URL)(
    'with REDIS_URL, instances are told through Redis',
    async () => {
      const env = { REDIS_URL: REDIS_URL! };
      const [ra, rb] = [await createTestApp(a.database, env), await createTestApp(second, env)];
      try {
        // The catch-up would find it too: an hour between reads leaves Redis the only way.
        await refeed(rb.app, { catchUpMs: HOUR_MS });
        const s = await signIn(ra, employees()[2]!);
        expect(
          (await rb.app.inject({ method: 'GET', url: '/api/organization/current', headers: s.headers }))
            .statusCode,
        ).toBe(200);
        expect((await signOut(ra.app, s)).statusCode).toBe(200);
        expect(await refusedWithin(rb.app, s, 3_000)).toBeLessThan(3_000);
      } finally {
        await ra.app.close();
        await rb.app.close();
      }
    },
  );
});
