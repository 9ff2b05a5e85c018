// Payroll and tips at scale: the large seed's organisation gets 500 hourly employees with a year of
// weekday work history (09:00-17:00, a 30-minute lunch), 100 of them servers in a tip pool whose
// bar has daily tips for the last 30 days. Measured one request at a time (the targets are the
// time one admin waits): the pending payroll of the last full pay period (500 lines, card tips
// included) and that period's tip share of the pool. Everything the bench adds is removed after.
import pg from 'pg';
import { BIG_ORG, LARGE_ADMIN, LARGE_PASSWORD, largeDatabaseUrl } from '../scripts/seed-large.sql.ts';
import { addBenchEmployees, addYearOfWork, removeBenchEmployees } from './bench-employees.ts';
import { withServer } from './contacts.ts';
import {
  type Figure,
  largeSeedMissing,
  measure,
  PG_URL,
  runAlone,
  serverDuration,
  signIn,
} from './harness.ts';

export const PENDING_TARGET_MS = 2000;
export const TIP_SHARE_TARGET_MS = 200;
const EMPLOYEES = 500;
const SERVERS = 100;
const RUNS = 10;

export interface PayrollBench {
  figures: Figure[];
  lines: string[];
  pass: boolean;
}

async function setUp(client: pg.Client, orgId: string) {
  await tearDown(client, orgId);
  const t0 = performance.now();
  await client.query('begin');
  await addBenchEmployees(client, orgId, { prefix: 'bench-payroll', name: 'Bench Payee', count: EMPLOYEES });
  await client.query(
    `insert into staff_positions (organization_id, id, name) values
       ($1, gen_random_uuid(), 'Bench Server'), ($1, gen_random_uuid(), 'Bench Cook')`,
    [orgId],
  );
  // The first 100 by name are servers (in the tip pool), the others cooks.
  await client.query(
    `insert into staff_members (organization_id, contact_id, row_order, position_ids)
     select c.organization_id, c.id, c.n,
       jsonb_build_array((select id from staff_positions where organization_id = $1
         and name = case when c.n <= $2 then 'Bench Server' else 'Bench Cook' end))
     from (select organization_id, id, row_number() over (order by full_name)::int as n from contacts
       where organization_id = $1 and email like 'bench-payroll-%@large.test') c`,
    [orgId, SERVERS],
  );
  await client.query(
    `insert into employee_salaries (organization_id, contact_id, wage_type, rate_cents, effective_from)
     select organization_id, id, 'hourly', 1800, current_date - 400
     from contacts where organization_id = $1 and email like 'bench-payroll-%@large.test'`,
    [orgId],
  );
  await addYearOfWork(client, orgId, 'bench-payroll');
  await client.query(
    `with loc as (insert into tip_locations (organization_id, id, name) values ($1, gen_random_uuid(), 'Bench bar') returning id),
          pool as (insert into tip_pools (organization_id, id, name, basis) values ($1, gen_random_uuid(), 'Bench pool', 'hours') returning id),
          pl as (insert into tip_pool_locations (organization_id, location_id, pool_id) select $1, loc.id, pool.id from loc, pool),
          pr as (insert into tip_pool_roles (organization_id, pool_id, position_id)
                 select $1, pool.id, p.id from pool, staff_positions p where p.organization_id = $1 and p.name = 'Bench Server')
     insert into daily_tips (organization_id, location_id, day, card_tips_cents, cash_tips_cents)
     select $1, loc.id, d, 40000 + (hashtext(d::text) & 16383), 9000 + (hashtext(d::text || 'c') & 4095)
     from loc cross join generate_series(current_date - 30, current_date - 1, interval '1 day') d`,
    [orgId],
  );
  await client.query('commit');
  await client.query(
    'vacuum (analyze) work_histories, staff_members, contacts, employee_salaries, daily_tips',
  );
  return `Payroll set-up: ${EMPLOYEES} hourly employees (${SERVERS} in the tip pool), a year of work history, 30 days of tips in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
}

async function tearDown(client: pg.Client, orgId: string) {
  const pools = `select id from tip_pools where organization_id = $1 and name = 'Bench pool'`;
  await client.query(`delete from tip_pools where organization_id = $1 and id in (${pools})`, [orgId]);
  await client.query(
    `delete from daily_tips where organization_id = $1 and location_id in
       (select id from tip_locations where organization_id = $1 and name = 'Bench bar')`,
    [orgId],
  );
  await client.query(`delete from tip_locations where organization_id = $1 and name = 'Bench bar'`, [orgId]);
  await client.query(
    `delete from staff_positions where organization_id = $1 and name in ('Bench Server', 'Bench Cook')`,
    [orgId],
  );
  // Salaries, sessions and staff records go with the contacts.
  await removeBenchEmployees(client, orgId, 'bench-payroll');
}

/** Another bench working on the same organisation can deadlock a delete: try again. */
async function tearDownRetrying(client: pg.Client, orgId: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tearDown(client, orgId);
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** One request at a time: 2 warm-ups, then RUNS timed; the slowest stands for p99. */
async function timed(
  name: string,
  url: string,
  headers: Record<string, string>,
  check: (body: unknown) => void,
) {
  const client: number[] = [];
  const server: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    check(body);
    if (i < 2) continue;
    client.push(ms);
    server.push(serverDuration({ 'server-timing': res.headers.get('server-timing') ?? '' }));
  }
  const mean = client.reduce((s, v) => s + v, 0) / client.length;
  const sorted = [...client].sort((a, b) => a - b);
  const median = Math.round(sorted[Math.floor(sorted.length / 2)]!);
  const known = server.filter((v) => !Number.isNaN(v));
  const figure: Figure = {
    name,
    rps: 1000 / mean,
    p99: Math.round(sorted.at(-1)!),
    serverP99: known.length ? Math.round(Math.max(...known)) : undefined,
    p99One: Math.round(sorted.at(-1)!),
  };
  return { figure, median };
}

export async function benchPayroll(): Promise<PayrollBench> {
  const url = largeDatabaseUrl(PG_URL);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return { figures: [], lines: [notMeasured()], pass: true };
  }
  try {
    const [org] = (
      await client.query<{ id: string }>('select id from organizations where name = $1', [BIG_ORG])
    ).rows;
    if (!org) return { figures: [], lines: [notMeasured()], pass: true };
    // The server migrates the database as it starts: set up only once it runs.
    return await withServer(url, async (base) => {
      const lines = [await setUp(client, org.id)];
      try {
        const admin = await signIn(base, LARGE_ADMIN, LARGE_PASSWORD);
        const current = (await (await fetch(`${base}/api/payroll/pending`, { headers: admin })).json()) as {
          periodStart: string;
        };
        const dayBefore = new Date(Date.parse(`${current.periodStart}T00:00:00Z`) - 86_400_000)
          .toISOString()
          .slice(0, 10);
        const pendingUrl = `${base}/api/payroll/pending?periodStart=${dayBefore}`;
        let period = { periodStart: '', periodEnd: '' };
        const pending = await timed(
          `GET payroll/pending (${EMPLOYEES} hourly employees, last full period, card tips in)`,
          pendingUrl,
          admin,
          (body) => {
            const b = body as {
              periodStart: string;
              periodEnd: string;
              lines: Array<{ cardTipsCents: number }>;
            };
            if (b.lines.length < EMPLOYEES) throw new Error(`pending: ${b.lines.length} lines`);
            if (!b.lines.some((l) => l.cardTipsCents > 0)) throw new Error('pending: no card tips');
            period = b;
          },
        );
        const [pool] = (
          await client.query<{ id: string }>(
            `select id from tip_pools where organization_id = $1 and name = 'Bench pool'`,
            [org.id],
          )
        ).rows;
        const share = await timed(
          `GET tip-share (a pool of ${SERVERS} employees, one pay period)`,
          `${base}/api/tip-share?startDate=${period.periodStart}&endDate=${period.periodEnd}&poolId=${pool!.id}`,
          admin,
          (body) => {
            const b = body as { pools: Array<{ employees: unknown[] }> };
            if (b.pools[0]?.employees.length !== SERVERS) throw new Error('tip share: wrong pool size');
          },
        );
        const bare = await measure(
          'GET payroll/settings, same server (small tenant read beside them)',
          `${base}/api/payroll/settings`,
          admin,
          { single: true },
        );
        const pendingPass = pending.figure.p99 > 0 && pending.figure.p99 <= PENDING_TARGET_MS;
        const sharePass = share.figure.p99 > 0 && share.figure.p99 <= TIP_SHARE_TARGET_MS;
        lines.push(
          `Payroll pending for ${EMPLOYEES} employees (${period.periodStart}..${period.periodEnd}): median ${pending.median} ms, slowest of ${RUNS} ${pending.figure.p99} ms (server ${pending.figure.serverP99 ?? '?'} ms), target ${PENDING_TARGET_MS} ms: ${pendingPass ? 'PASS' : 'FAIL'}`,
          `Tip share for a pool of ${SERVERS}: median ${share.median} ms, slowest of ${RUNS} ${share.figure.p99} ms (server ${share.figure.serverP99 ?? '?'} ms), target ${TIP_SHARE_TARGET_MS} ms: ${sharePass ? 'PASS' : 'FAIL'}`,
        );
        return { figures: [pending.figure, share.figure, bare], lines, pass: pendingPass && sharePass };
      } finally {
        await tearDownRetrying(client, org.id);
      }
    });
  } finally {
    await client.end();
  }
}

function notMeasured(): string {
  return largeSeedMissing('Payroll pending and tip share', largeDatabaseUrl(PG_URL));
}

// Run alone (`npx tsx bench/payroll.ts`): the figures beside the bare Fastify baseline of the same run.
if (import.meta.url === `file://${process.argv[1]}`) {
  runAlone(benchPayroll).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
