// npm run bench [group ...]: runs the groups named (all of them when none is; see GROUPS), each
// server in its own process, driven with autocannon from this one after a warm-up. Every figure is
// printed beside the bare Fastify baseline measured in the same run; the signed-in tenant read on
// PostgreSQL also beside a raw primary-key read of the same row, and on PGlite beside its health
// answer; kiosk lookups on PGlite while a 50,000-row import runs (import-fairness.ts). The load
// average is printed before and after, with a warning when it was above the core count.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BillingBench, benchBilling } from './billing.ts';
import { benchBundle } from './bundle.ts';
import { benchContacts, type ContactsBench } from './contacts.ts';
import { benchFirstLoad } from './first-load.ts';
import {
  CONNECTIONS,
  DURATION,
  type Figure,
  freePort,
  measure,
  PG_URL,
  signIn,
  startProcess,
  stopProcess,
} from './harness.ts';
import { benchImportFairness, type FairnessResult } from './import-fairness.ts';
import { kioskVerdict } from './kiosk.ts';
import { benchPayroll, type PayrollBench } from './payroll.ts';
import { benchStaff, type StaffBench } from './staff.ts';

const TENANT_READ = 'GET /api/organization/current, signed in, tenant transaction';

/** The app's figures, and the organisation its signed-in reads answer. */
async function benchApp(
  label: string,
  env: Record<string, string>,
): Promise<{ figures: Figure[]; organizationId: string }> {
  const port = await freePort();
  const server = await startProcess(
    ['apps/server/src/main.ts'],
    { ...env, PORT: String(port), LOG_LEVEL: 'silent', SEED_DEMO: '1', ACCESS_TOKEN_TTL_SECONDS: '3600' },
    'is running',
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = await signIn(base);
    const figures = [
      await measure(`GET /api/health (${label})`, `${base}/api/health`),
      await measure(`${TENANT_READ} (${label})`, `${base}/api/organization/current`, headers),
    ];
    return { figures, organizationId: headers.organization };
  } finally {
    // Its data directory is removed next: the server must have let go of it.
    await stopProcess(server);
  }
}

/** The same organisation read by primary key through a plain pg pool (bench/raw-pg-server.ts). */
async function benchRawRead(databaseUrl: string, organizationId: string): Promise<Figure> {
  const port = await freePort();
  const server = await startProcess(
    ['bench/raw-pg-server.ts'],
    { PORT: String(port), DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '20' },
    'ready',
  );
  try {
    return await measure(
      'raw pg.Pool primary-key read of that organisation, no framework (PostgreSQL)',
      `http://127.0.0.1:${port}/organizations/${organizationId}`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

/** The tenant read against the raw read (PostgreSQL) and against health (PGlite), the same run's. */
const TENANT_RATIO_TARGET = 0.5;

/** The tenant read judged against what the database itself answers for the same row. */
function rawReadLine(
  tenant: Figure | undefined,
  raw: Figure | undefined,
): { lines: string[]; pass: boolean } {
  if (!tenant || !raw) return { lines: [], pass: true };
  const ratio = tenant.rps / raw.rps;
  const pass = ratio >= TENANT_RATIO_TARGET;
  return {
    pass,
    lines: [
      `Tenant read on PostgreSQL vs the raw primary-key read: ${tenant.rps.toFixed(0)} vs ${raw.rps.toFixed(0)} req/s ` +
        `(${ratio.toFixed(3)} of the database's limit, target ${TENANT_RATIO_TARGET}: ${pass ? 'PASS' : 'FAIL'}), ` +
        `p99 ${tenant.p99} vs ${raw.p99} ms (server p99 ${tenant.serverP99 ?? '?'} vs ${raw.serverP99 ?? '?'} ms)`,
    ],
  };
}

/** The 1-minute load average, and whether it exceeds the core count (the figures are then unsure). */
function loadAverage(): { text: string; busy: boolean } {
  const [one, five, fifteen] = loadavg();
  return {
    text: [one, five, fifteen].map((v) => v!.toFixed(2)).join(', '),
    busy: one! > cpus().length,
  };
}

const busyWarning = (load: string, cores: number) =>
  `WARNING: the machine was busy (load average ${load} above ${cores} cores): these figures ` +
  'measure the other work too; neither a regression nor a pass should be read from them.';

/** The groups `npm run bench -- <group> ...` can run alone; none named runs them all. */
const GROUPS = [
  'bundle',
  'firstload',
  'tenant',
  'fairness',
  'contacts',
  'kiosk',
  'import',
  'billing',
  'staff',
  'payroll',
] as const;
type Group = (typeof GROUPS)[number];

function chosenGroups(args: string[]): Set<Group> {
  const unknown = args.filter((a) => !(GROUPS as readonly string[]).includes(a));
  if (unknown.length > 0) {
    console.error(`Unknown bench group: ${unknown.join(', ')}. The groups: ${GROUPS.join(', ')}.`);
    process.exit(2);
  }
  return new Set((args.length > 0 ? args : GROUPS) as Group[]);
}

/** The tenant group: the signed-in read on PGlite and PostgreSQL beside health and a raw pool read. */
async function benchTenant(
  figures: Figure[],
): Promise<{ tenantPg?: Figure; rawPg?: Figure; notes: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'opsuite-bench-'));
  const notes: string[] = [];
  try {
    const lite = await benchApp('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
    figures.push(...lite.figures);
    const [health, read] = lite.figures;
    if (health && read)
      notes.push(
        `Tenant read on PGlite vs its health answer: ${read.rps.toFixed(0)} vs ${health.rps.toFixed(0)} req/s ` +
          `(${(read.rps / health.rps).toFixed(3)}, target ${TENANT_RATIO_TARGET}: ` +
          `${read.rps / health.rps >= TENANT_RATIO_TARGET ? 'PASS' : 'FAIL'})`,
      );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const r = await withBenchDatabase(async (url, dir) => {
    const app = await benchApp('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dir, DATABASE_POOL_SIZE: '20' });
    const rawPg = await benchRawRead(url, app.organizationId);
    figures.push(...app.figures, rawPg);
    return { tenantPg: app.figures.find((f) => f.name.startsWith(TENANT_READ)), rawPg };
  });
  return { ...r, notes };
}

/** A fresh database on the PostgreSQL server for `work`, dropped after; undefined when unreachable. */
async function withBenchDatabase<T>(work: (url: string, dataDir: string) => Promise<T>): Promise<Partial<T>> {
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log(`PostgreSQL at ${PG_URL} is not reachable: its figures are skipped.`);
    return {};
  }
  await admin.query(`create database ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'opsuite-bench-'));
  try {
    return await work(url.toString(), dir);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const groups = chosenGroups(process.argv.slice(2));
  const cores = cpus().length;
  const before = loadAverage();
  console.log(`Load average before: ${before.text} on ${cores} cores`);
  if (before.busy) console.log(busyWarning(before.text, cores));
  // First, before any server runs: the web build and the kiosk's first-load size.
  const bundle: { pass: boolean; lines: string[] } = groups.has('bundle')
    ? benchBundle()
    : { pass: true, lines: [] };
  const firstLoad: { pass: boolean; lines: string[] } = groups.has('firstload')
    ? await benchFirstLoad()
    : { pass: true, lines: [] };
  const figures: Figure[] = [];
  let contacts: ContactsBench = { figures: [], notes: [], pass: true };
  let billing: BillingBench = { figures: [], lines: [], pass: true };
  let staff: StaffBench = { figures: [], lines: [], pass: true };
  let payroll: PayrollBench = { figures: [], lines: [], pass: true };
  let fairness: FairnessResult = { lines: [], pass: true };
  let tenant: { tenantPg?: Figure; rawPg?: Figure; notes: string[] } = { notes: [] };
  const barePort = await freePort();
  const bare = await startProcess(['bench/bare-server.ts'], { PORT: String(barePort) }, 'ready');
  let baseline: Figure;
  try {
    baseline = await measure('bare Fastify JSON (baseline)', `http://127.0.0.1:${barePort}/json`);
  } finally {
    bare.kill('SIGTERM');
  }
  figures.push(baseline);

  if (groups.has('tenant')) tenant = await benchTenant(figures);
  // The embedded database stays fair: kiosk lookups while a large import runs (bench/import-fairness.ts).
  if (groups.has('fairness')) fairness = await benchImportFairness();
  if (groups.has('contacts') || groups.has('kiosk') || groups.has('import')) {
    const parts = {
      contacts: groups.has('contacts'),
      kiosk: groups.has('kiosk'),
      import: groups.has('import'),
    };
    // Without the large seed the import is timed on a fresh database instead.
    const r = parts.import
      ? await withBenchDatabase((url) => benchContacts(url, parts))
      : await benchContacts(null, parts);
    contacts = { figures: r.figures ?? [], notes: r.notes ?? [], pass: r.pass ?? true };
  }
  if (groups.has('billing')) billing = await benchBilling();
  if (groups.has('staff')) staff = await benchStaff();
  if (groups.has('payroll')) payroll = await benchPayroll();
  const after = loadAverage();

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up, on ${cores} CPU cores`);
  console.log(
    'shared by the load generator, the server and the database. "p99 ms": as the load generator saw',
  );
  console.log('it; "srv p99": as the server measured it (Server-Timing: request read to answer written);');
  console.log('"p99 @1": one connection, 3 s\n');
  console.log(
    `${'what'.padEnd(78)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'srv p99'.padStart(8)} ${'vs bare'.padStart(8)} ${'p99 @1'.padStart(7)}`,
  );
  const cell = (v: number | undefined, width: number) => (v === undefined ? '' : String(v)).padStart(width);
  for (const f of [
    ...figures,
    ...contacts.figures,
    ...billing.figures,
    ...staff.figures,
    ...payroll.figures,
  ]) {
    const ratio = f.rps / baseline.rps;
    console.log(
      `${f.name.padEnd(78)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p99).padStart(7)} ${cell(f.serverP99, 8)} ${ratio.toFixed(3).padStart(8)} ${cell(f.p99One, 7)}`,
    );
  }
  const rawLine = rawReadLine(tenant.tenantPg, tenant.rawPg);
  const tenantPass = rawLine.pass && tenant.notes.every((n) => !n.includes(' FAIL'));
  const notes = [...rawLine.lines, ...tenant.notes, ...contacts.notes];
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  const kiosk = groups.has('kiosk') ? kioskVerdict(contacts.figures) : { pass: true, lines: [] };
  console.log(
    `\n${[...kiosk.lines, ...fairness.lines, ...billing.lines, ...staff.lines, ...payroll.lines, ...bundle.lines, ...firstLoad.lines].join('\n')}`,
  );
  console.log(`\nBare Fastify baseline: ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms)`);
  console.log(`Load average before: ${before.text}; after: ${after.text} (${cores} cores)`);
  if (before.busy || after.busy) console.log(busyWarning(`${before.text} / ${after.text}`, cores));
  // A target missed fails the bench; a figure that could not be measured (no large seed) does not.
  if (
    !bundle.pass ||
    !firstLoad.pass ||
    !kiosk.pass ||
    !contacts.pass ||
    !fairness.pass ||
    !billing.pass ||
    !staff.pass ||
    !payroll.pass ||
    !tenantPass
  ) {
    console.log('\nbench: FAIL (a target above was missed)');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
