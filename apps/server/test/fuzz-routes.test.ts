import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FuzzRequest,
  hostileRequest,
  type Operation,
  type Parameter,
  targetsOf,
} from './fuzz-inputs.ts';
import { CONTACT_ROW, type JsonSchema } from './fuzz-values.ts';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from './helpers.ts';

// Generated bad input over every route of the OpenAPI document: NUL bytes, lone surrogates, huge
// and negative numbers, wrong types, out-of-range dates, 100k-character strings and odd
// percent-encodings, in path parameters, query strings and bodies, signed in as the admin of one
// of two organisations (and a few without signing in). No answer may be a 5xx, and every 4xx is
// `{ error: { code, message } }`. Seeded, so a failure can be replayed; bounded to stay a few
// tens of seconds on a two-core machine. Multipart uploads are sent as JSON (their parser refuses
// them with a 4xx); the contacts export is read whole.

/**
 * Requests per operation signed in: two for each place a request to it can be made hostile,
 * within these bounds (FUZZ_RUNS scales them); and per public operation without signing in.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 30) / 30;
const runsFor = (op: Operation) => Math.round(SCALE * Math.min(Math.max(2 * targetsOf(op).length, 16), 80));
const UNSIGNED_RUNS = 4;
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_125);

interface Failure {
  request: string;
  mutation: string;
  status: number;
  body: string;
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
};

/** The schema with each import row (an `unknown` the contract describes in words) given its keys. */
function withRowKeys(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return schema;
  if (schema.description?.includes('contact row')) return CONTACT_ROW;
  const properties = schema.properties
    ? Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, withRowKeys(s)!]))
    : undefined;
  return { ...schema, properties, items: withRowKeys(schema.items) };
}

function operationsOf(doc: Doc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(item)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: withRowKeys(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return ops;
}

describe(`generated bad input on every route (${DB_KIND})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let adminEmail: string;
  let ops: Operation[];
  let publicOps: Set<string>;
  let ids: string[];
  beforeAll(async () => {
    const setupStarted = Date.now();
    // Without the background jobs (imports, answer refreshes): only the answers are under test.
    t = await createTestApp(undefined, { IMPORT_WORKER: '0' });
    const a = await seedTenant(t, ['admin', 'employee', 'client'], 'Fuzz A');
    const b = await seedTenant(t, ['admin', 'employee'], 'Fuzz B');
    adminEmail = a.emails.admin!;
    headers = (await signIn(t, adminEmail)).headers;
    const other = (await signIn(t, b.emails.admin!)).headers;
    // Records in both organisations, so generated ids hit real rows of ours and of theirs.
    for (const h of [headers, other]) {
      const call = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: h, payload });
      await call('/api/contact/add', { fullName: 'Fuzz Person', email: 'fuzz@example.test' });
      await call('/api/tag/add', { name: 'Fuzz' });
      await call('/api/device-management', { name: 'Fuzz kiosk' });
      await call('/api/booking-type', { title: 'Fuzz class' });
    }
    const tables = await t.database.query<{ table_name: string }>(
      `select c.relname as table_name from pg_class c
        where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace and not c.relispartition
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id')`,
    );
    ids = [a.id, b.id];
    for (const { table_name } of tables) {
      const rows = await t.database.query<{ id: string }>(
        `select id::text from "${table_name}" where organization_id in ($1, $2) limit 2`,
        [a.id, b.id],
      );
      ids.push(...rows.map((r) => r.id));
    }
    // Deleting one's own account is a fair outcome of a generated call (the generator knows the
    // password), and nobody can sign in as the deleted admin again: that route goes last.
    const all = operationsOf(t.app.swagger() as unknown as Doc);
    const endsAccount = (op: Operation) => op.method === 'DELETE' && op.path === '/api/user/delete';
    ops = [...all.filter((op) => !endsAccount(op)), ...all.filter(endsAccount)];
    console.info(`fuzz-routes setup: ${Date.now() - setupStarted} ms, ${ids.length} known ids`);
    publicOps = new Set(
      t.app.routeList
        .filter((r) => r.auth === 'public')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
  });
  afterAll(() => t.close());

  it('answers no 5xx and keeps the error shape on every 4xx', { timeout: 180_000 }, async () => {
    const started = Date.now();
    const idArb = fc.oneof(
      { arbitrary: fc.constantFrom(...ids), weight: 4 },
      { arbitrary: fc.uuid(), weight: 1 },
    );
    const failures: Failure[] = [];
    let tried = 0;
    const sessionEnds: string[] = [];
    const sessionEnded = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers })).statusCode === 401;
    let previous = '';
    const slowest: { ms: number; request: string }[] = [];
    const statuses = new Map<number, number>();
    const send = async (req: FuzzRequest, signed: boolean) => {
      tried++;
      const sentAt = performance.now();
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: signed ? headers : {},
        ...(req.payload === undefined ? {} : { payload: req.payload as object }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (signed && res.statusCode === 401 && (await sessionEnded())) {
        // A generated call may end its own session (sign-out, a revoked role): sign in again, so
        // the operations after it are still tried signed in, and note which call ended it.
        sessionEnds.push(previous);
        // Unless that call deleted the admin's own account (the last operation): then nobody is
        // left to sign in as, and its remaining samples are tried with the ended session.
        if (!previous.startsWith('DELETE /api/user/delete')) headers = (await signIn(t, adminEmail)).headers;
      }
      if (signed) previous = `${req.method} ${req.url.slice(0, 80)}`;
      slowest.push({
        ms: Math.round(performance.now() - sentAt),
        request: `${req.method} ${req.url.slice(0, 100)}`,
      });
      slowest.sort((x, y) => y.ms - x.ms).splice(3);
      let shaped = res.statusCode < 400;
      if (!shaped) {
        try {
          const error = (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
          shaped = typeof error?.code === 'string' && typeof error.message === 'string';
        } catch {
          shaped = false;
        }
      }
      if (res.statusCode >= 500 || !shaped) {
        failures.push({
          request: `${req.method} ${req.url.slice(0, 160)}`,
          mutation: req.mutation,
          status: res.statusCode,
          body: res.body.slice(0, 300),
        });
      }
    };
    for (const [i, op] of ops.entries()) {
      const arb = hostileRequest(op, idArb);
      for (const req of fc.sample(arb, { numRuns: runsFor(op), seed: SEED + i })) await send(req, true);
      if (publicOps.has(`${op.method} ${op.path}`)) {
        for (const req of fc.sample(arb, { numRuns: UNSIGNED_RUNS, seed: SEED - i })) await send(req, false);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz-routes (${DB_KIND}): ${tried} requests over ${ops.length} operations in ${seconds} s, seed ${SEED}`,
      `\n  answers: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
      `\n  sessions ended by: ${sessionEnds.slice(0, 5).join(', ') || 'none'}${sessionEnds.length > 5 ? ` (+${sessionEnds.length - 5})` : ''}`,
      `\n  slowest: ${slowest.map((x) => `${x.ms} ms ${x.request}`).join('\n           ')}`,
    );
    expect(ops.length).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
