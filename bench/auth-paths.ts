// npx tsx bench/auth-paths.ts [label=/path/to/checkout ...]: the two requests every signed-in
// page and every kiosk scan pay the auth guard on, measured for one or more copies of the code
// side by side: the signed-in tenant read (GET /api/organization/current) on PGlite and on
// PostgreSQL, and the kiosk code lookup at a million contacts (on the large seed, when present).
// With no argument it measures this checkout. For each figure one server per copy is started and
// kept up; short runs then alternate between them, round after round (BENCH_ROUNDS, default 4,
// each in the other order), beside the bare Fastify baseline of the same run, so that a shared
// machine's changing load falls on every copy alike; the medians are printed last. For
// before/after figures of a change, pass a copy of the tree without it and one with it.
// BENCH_ONLY picks figures (pglite, postgres, kiosk; all by default). BENCH_LARGE_DB names the
// large seed's database: best a copy of it, so that the servers' migrations do not touch the one
// others use.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BIG_ORG, LARGE_ADMIN, LARGE_PASSWORD, largeDatabaseUrl } from '../scripts/seed-large.sql.ts';
import {
  CONNECTIONS,
  DURATION,
  type Figure,
  freePort,
  measure,
  measureEach,
  PG_URL,
  ROOT,
  signIn,
  startProcess,
} from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** BENCH_ONLY=pglite,postgres,kiosk (any of them): the figures to measure; all by default. */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'pglite,postgres,kiosk').split(',').map((s) => s.trim()));
const LARGE_URL = largeDatabaseUrl(PG_URL, process.env.BENCH_LARGE_DB);
const CODES = 100_000;

interface Tree {
  label: string;
  root: string;
}

const trees: Tree[] = process.argv.slice(2).map((arg) => {
  const [label, root] = arg.split('=');
  if (!label || !root) throw new Error(`expected label=/path/to/checkout, got ${arg}`);
  return { label, root: path.resolve(root) };
});
if (trees.length === 0) trees.push({ label: 'this checkout', root: ROOT });

/** Background jobs off in every server measured, so that only the requests compete. */
const QUIET = { LOG_LEVEL: 'silent', IMPORT_WORKER: '0', ACCESS_TOKEN_TTL_SECONDS: '3600' };

interface Running {
  base: string;
  stop(): Promise<void>;
}

async function startServer(tree: Tree, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'opsuite-bench-'));
  const server = await startProcess(
    [path.join(tree.root, 'apps/server/src/main.ts')],
    { ...QUIET, DATA_DIR: dir, PORT: String(port), ...env },
    'is running',
  );
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One figure's measurement of one copy, ready to run again. */
type Run = () => Promise<Figure>;

/**
 * Starts a server per copy, readies each (`ready` answers its measurement), then alternates the
 * measurements round by round; answers every round's figures. The servers stop at the end.
 */
async function alternate(
  env: Record<string, string>,
  ready: (tree: Tree, base: string) => Promise<{ run: Run; done?: () => Promise<void> }>,
): Promise<Figure[]> {
  const servers: Running[] = [];
  const runs: { run: Run; done?: () => Promise<void> }[] = [];
  try {
    for (const tree of trees) {
      const server = await startServer(tree, env);
      servers.push(server);
      runs.push(await ready(tree, server.base));
    }
    const figures: Figure[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? runs : [...runs].reverse();
      for (const r of order) figures.push(await r.run());
    }
    return figures;
  } finally {
    for (const r of runs) await r.done?.().catch(() => undefined);
    for (const s of servers) await s.stop();
  }
}

const tenantRead = (name: string, env: Record<string, string>) =>
  alternate({ SEED_DEMO: '1', ...env }, async (tree, base) => {
    const headers = await signIn(base);
    return {
      run: () =>
        measure(`${name} tenant read (${tree.label})`, `${base}/api/organization/current`, headers, {
          single: true,
        }),
    };
  });

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown> & { data: { _id: string; code: string } };
}

/** Pairs a kiosk per copy with the large seed's organisation; the devices are removed at the end. */
const kioskLookup = (codes: string[]) =>
  alternate(
    { DATABASE_URL: LARGE_URL, SEED_DEMO: '0', DATABASE_POOL_SIZE: '20', KIOSK_LOOKUP_BUDGET: '1000000000' },
    async (tree, base) => {
      const admin = await signIn(base, LARGE_ADMIN, LARGE_PASSWORD);
      const headers = { authorization: admin.authorization, organization: admin.organization };
      const device = await json(
        await fetch(`${base}/api/device-management`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Bench kiosk (auth paths, ${tree.label})` }),
        }),
      );
      const paired = await json(
        await fetch(`${base}/api/device-auth/pair`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: device.data.code }),
        }),
      );
      let i = 0;
      return {
        run: () =>
          measureEach(
            `GET kiosk/contact-by-code/{code}, 1M contacts (${tree.label})`,
            base,
            { authorization: `Bearer ${paired.deviceToken as string}` },
            () => ({ path: `/api/kiosk/contact-by-code/${codes[i++ % codes.length]}` }),
          ),
        done: async () => {
          await fetch(`${base}/api/device-management/${device.data._id}`, { method: 'DELETE', headers });
        },
      };
    },
  );

async function largeCodes(): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: LARGE_URL });
  const connected = await client.connect().then(
    () => true,
    () => false,
  );
  if (!connected) return null;
  try {
    const org = await client.query<{ id: string }>('select id from organizations where name = $1', [BIG_ORG]);
    if (!org.rows[0]) return null;
    const found = await client.query<{ punch_id: string }>(
      `select punch_id from contacts where organization_id = $1 and deleted_at is null and punch_id is not null
       order by punch_id limit $2`,
      [org.rows[0].id, CODES],
    );
    return found.rows.map((r) => r.punch_id);
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const barePort = await freePort();
  const bare = await startProcess(['bench/bare-server.ts'], { PORT: String(barePort) }, 'ready');
  let baseline: Figure;
  try {
    baseline = await measure('bare Fastify JSON (baseline)', `http://127.0.0.1:${barePort}/json`);
  } finally {
    bare.kill('SIGTERM');
  }
  const figures: Figure[] = [baseline];

  const dbName = `bench_auth_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const codes = await largeCodes();
  try {
    if (ONLY.has('pglite')) figures.push(...(await tenantRead('PGlite', { DATABASE_URL: '' })));
    if (ONLY.has('postgres'))
      figures.push(...(await tenantRead('PostgreSQL', { DATABASE_URL: url.toString() })));
    if (codes && ONLY.has('kiosk')) figures.push(...(await kioskLookup(codes)));
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up, ${ROUNDS} rounds`);
  if (!codes) console.log(`Kiosk lookup not measured: no large seed at ${LARGE_URL}.`);
  const cell = (v: number | undefined, width: number) => (v === undefined ? '' : String(v)).padStart(width);
  const line = (f: Figure) =>
    console.log(
      `${f.name.padEnd(72)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p99).padStart(7)} ${cell(f.serverP99, 8)} ${(f.rps / baseline.rps).toFixed(3).padStart(8)} ${cell(f.p99One, 7)}`,
    );
  const header = () =>
    console.log(
      `${'what'.padEnd(72)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'srv p99'.padStart(8)} ${'vs bare'.padStart(8)} ${'p99 @1'.padStart(7)}`,
    );
  header();
  for (const f of figures) line(f);
  console.log(`\nMedians of the ${ROUNDS} rounds:`);
  header();
  line(baseline);
  for (const name of [...new Set(figures.slice(1).map((f) => f.name))]) {
    const same = figures.filter((f) => f.name === name);
    const of = (pick: (f: Figure) => number | undefined) => {
      const known = same.map(pick).filter((v): v is number => v !== undefined);
      return known.length > 0 ? Math.round(median(known)) : undefined;
    };
    line({
      name,
      rps: of((f) => f.rps) ?? 0,
      p99: of((f) => f.p99) ?? 0,
      serverP99: of((f) => f.serverP99),
      p99One: of((f) => f.p99One),
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
