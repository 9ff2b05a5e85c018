// npm run bench: starts each server in its own process, drives it with autocannon from this one
// after a warm-up, and prints every figure beside the bare Fastify baseline measured in the same run;
// the signed-in tenant read on PostgreSQL also beside a raw primary-key read of the same row, and
// kiosk lookups on PGlite while a 50,000-row import runs (import-fairness.ts, with its target).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BillingBench, benchBilling } from './billing.ts';
import { benchBundle } from './bundle.ts';
import { benchContacts, type ContactsBench } from './contacts.ts';
import {
  CONNECTIONS,
  DURATION,
  type Figure,
  freePort,
  measure,
  PG_URL,
  signIn,
  startProcess,
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
    server.kill('SIGTERM');
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

/** The tenant read judged against what the database itself answers for the same row. */
function rawReadLine(tenant: Figure | undefined, raw: Figure | undefined): string[] {
  if (!tenant || !raw) return [];
  const ratio = tenant.rps / raw.rps;
  return [
    `Tenant read on PostgreSQL vs the raw primary-key read: ${tenant.rps.toFixed(0)} vs ${raw.rps.toFixed(0)} req/s ` +
      `(${ratio.toFixed(3)} of the database's limit), p99 ${tenant.p99} vs ${raw.p99} ms ` +
      `(server p99 ${tenant.serverP99 ?? '?'} vs ${raw.serverP99 ?? '?'} ms)`,
  ];
}

async function main() {
  // First, before any server runs: the web build and the kiosk's first-load size.
  const bundle = benchBundle();
  const figures: Figure[] = [];
  let contacts: ContactsBench = { figures: [], notes: [], pass: true };
  let billing: BillingBench = { figures: [], lines: [], pass: true };
  let staff: StaffBench = { figures: [], lines: [], pass: true };
  let payroll: PayrollBench = { figures: [], lines: [], pass: true };
  let tenantPg: Figure | undefined;
  let rawPg: Figure | undefined;
  const barePort = await freePort();
  const bare = await startProcess(['bench/bare-server.ts'], { PORT: String(barePort) }, 'ready');
  let baseline: Figure;
  try {
    baseline = await measure('bare Fastify JSON (baseline)', `http://127.0.0.1:${barePort}/json`);
  } finally {
    bare.kill('SIGTERM');
  }
  figures.push(baseline);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'opsuite-bench-'));
  try {
    figures.push(...(await benchApp('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })).figures);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // The embedded database stays fair: kiosk lookups while a large import runs (bench/import-fairness.ts).
  const fairness: FairnessResult = await benchImportFairness();

  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    await admin.query(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'opsuite-bench-'));
    try {
      const app = await benchApp('PostgreSQL', {
        DATABASE_URL: url.toString(),
        DATA_DIR: dir,
        DATABASE_POOL_SIZE: '20',
      });
      rawPg = await benchRawRead(url.toString(), app.organizationId);
      tenantPg = app.figures.find((f) => f.name.startsWith(TENANT_READ));
      figures.push(...app.figures, rawPg);
      contacts = await benchContacts(url.toString());
      billing = await benchBilling();
      staff = await benchStaff();
      payroll = await benchPayroll();
    } finally {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    }
  } else {
    console.log(`PostgreSQL at ${PG_URL} is not reachable: its figures are skipped.`);
  }

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each after a 2 s warm-up, on ${cpus().length} CPU cores`,
  );
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
  const notes = [...rawReadLine(tenantPg, rawPg), ...contacts.notes];
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  const kiosk = kioskVerdict(contacts.figures);
  console.log(
    `\n${[...kiosk.lines, ...fairness.lines, ...billing.lines, ...staff.lines, ...payroll.lines, ...bundle.lines].join('\n')}`,
  );
  // A target missed fails the bench; a figure that could not be measured (no large seed) does not.
  if (
    !bundle.pass ||
    !kiosk.pass ||
    !contacts.pass ||
    !fairness.pass ||
    !billing.pass ||
    !staff.pass ||
    !payroll.pass
  ) {
    console.log('\nbench: FAIL (a target above was missed)');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
