import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createMailer, type Mailer } from '../src/lib/mailer.ts';
import { MemoryRateLimiter } from '../src/lib/rate-limiter.ts';
import { type MemberSpec, type SeededOrganization, seedOrganization } from '../src/seed/factories.ts';

export const REAL_DATABASE_URL = process.env.DATABASE_URL;
export const DB_KIND = REAL_DATABASE_URL ? 'postgres' : 'pglite';

let snapshot: Promise<Blob> | undefined;

/**
 * A database for one test file: a fresh in-memory PGlite, or (with DATABASE_URL) a new database
 * on that server, dropped again by `close()`, so files run in parallel without seeing each other.
 * Both start from the migrated copy the run's global setup made (test/global-setup.ts); without
 * one (a run that skipped it) they migrate themselves.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!REAL_DATABASE_URL) {
    const file = inject('pgliteSnapshot');
    if (file) {
      snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
      return openDatabase({ loadDataDir: await snapshot });
    }
    const handle = await openDatabase({});
    await runMigrations(handle);
    return handle;
  }
  const template = inject('postgresTemplate');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: REAL_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(REAL_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 20 });
  if (!template) await runMigrations(handle);
  const close = handle.close;
  handle.close = async () => {
    await close();
    const drop = new pg.Client({ connectionString: REAL_DATABASE_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  };
  return handle;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  mailer: Mailer;
  limiter: MemoryRateLimiter;
  close(): Promise<void>;
}

export async function createTestApp(
  database?: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/tmp/opsuite-test-data',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const mailer = createMailer({ from: config.mailFrom });
  const limiter = new MemoryRateLimiter();
  const app = await buildApp({ config, database: db, mailer, limiter });
  await app.ready();
  return {
    app,
    database: db,
    mailer,
    limiter,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

let counter = 0;

/** A fresh organisation with one member of each given role; e-mails are unique per call. */
export async function seedTenant(
  t: TestApp,
  roles: MemberSpec['role'][] = ['admin', 'employee', 'client'],
  name = 'Test Org',
): Promise<SeededOrganization & { emails: Record<string, string> }> {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const members: MemberSpec[] = roles.map((role, i) => ({
    email: `${role}${i}-${tag}@example.test`,
    fullName: `${role} ${i} ${tag}`,
    role,
    password: 'password123',
    assignedBy: role === 'admin' || role === 'primary' ? undefined : `admin0-${tag}@example.test`,
  }));
  const org = await seedOrganization(t.database.db, { name: `${name} ${tag}` }, members);
  const emails: Record<string, string> = {};
  for (const m of members) emails[m.role] ??= m.email;
  return { ...org, emails };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  userId: string;
  organizationId: string;
  assignerId: string | null;
  isEmployee: boolean;
  headers: Record<string, string>;
}

export async function signIn(t: TestApp, email: string, password = 'password123'): Promise<Session> {
  const res = await t.app.inject({ method: 'POST', url: '/api/jwt/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const assignerId = body.userData.curRole.assignerId as string | null;
  return {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    userId: body.userData.id,
    organizationId: body.organization._id,
    assignerId,
    isEmployee: body.userData.isEmployee,
    headers: {
      authorization: `Bearer ${body.accessToken}`,
      organization: body.organization._id,
      assigner: assignerId ?? '',
      isemployee: String(body.userData.isEmployee),
    },
  };
}
