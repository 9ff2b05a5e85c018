import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { redactedError } from '../src/lib/log-redaction.ts';
import { createTestApp, DB_KIND, type TestApp } from './helpers.ts';

// A failed statement is logged with its SQL, never with the values it carried (names, e-mail
// addresses, phone numbers).

const SECRET = 'ann.secret@example.test';

describe(`error logs hold the statement, not its values (${DB_KIND})`, () => {
  let t: TestApp;
  let probe: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const { services } = t.app;
    probe = await buildApp({
      config: services.config,
      database: t.database,
      mailer: services.mailer,
      limiter: services.limiter,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    const { db } = t.database;
    const fail = (path: string, run: () => Promise<unknown>) =>
      probe.get(
        `/api/probe/${path}`,
        { config: { auth: 'public' }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
        async () => {
          await run();
          return { ok: true };
        },
      );
    // A value in the message: invalid input syntax for type uuid: "<value>".
    fail('cast', () => db.execute(sql`select ${SECRET}::uuid as id`));
    // A value in `detail`: Key (x)=(<value>) already exists.
    fail('unique', () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table probe_unique (x text primary key) on commit drop`);
        await tx.execute(sql`insert into probe_unique values (${SECRET}), (${SECRET})`);
      }),
    );
    // A value in `where`: the JSON text being read.
    fail('json', () => db.execute(sql`select ${`{"email":"${SECRET}\\u0000"}`}::jsonb as j`));
    await probe.ready();
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  it('logs each failure with its statement and without the values', async () => {
    for (const path of ['cast', 'unique', 'json']) {
      lines.length = 0;
      const res = await probe.inject({ method: 'GET', url: `/api/probe/${path}` });
      expect(res.statusCode, path).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
      const log = lines.join('\n');
      expect(log, path).toContain('request failed');
      expect(log, path).toMatch(/select \$1::uuid|insert into probe_unique values|select \$1::jsonb/);
      expect(log, path).not.toContain('ann.secret');
      expect(log, path).not.toContain('example.test');
    }
  });

  it('keeps what an error is about: type, code, constraint and the cause chain', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_uq"'),
      {
        severity: 'ERROR',
        code: '23505',
        constraint: 'users_email_uq',
        detail: `Key (email)=(${SECRET}) already exists.`,
        params: [SECRET],
      },
    );
    const err = Object.assign(
      new Error(`Failed query: insert into users (email) values ($1)\nparams: ${SECRET}`),
      {
        query: 'insert into users (email) values ($1)',
        params: [SECRET],
        cause,
      },
    );
    const out = redactedError(err);
    expect(JSON.stringify(out)).not.toContain('secret');
    expect(out.message).toBe('Failed query: insert into users (email) values ($1)\nparams: [redacted]');
    expect(out.stack.startsWith(`Error: ${out.message}\n    at `)).toBe(true);
    expect(out.query).toBe('insert into users (email) values ($1)');
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'users_email_uq', severity: 'ERROR' });
  });
});
