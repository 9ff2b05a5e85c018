// Staff time and scheduling at scale: the large seed's organisation gets 500 employees on its
// schedule, a year of their work history (one session a weekday, with a break) and a year of
// published shifts; then 50 employees clock in and out at once (start/end work, each signed in
// as themselves), and the admin reads this week's schedule grid and time sheet. Everything the
// bench adds is removed afterwards.
import pg from 'pg';
import { BIG_ORG, LARGE_ADMIN, LARGE_PASSWORD, largeDatabaseUrl } from '../scripts/seed-large.sql.ts';
import { addBenchEmployees, addYearOfWork, removeBenchEmployees } from './bench-employees.ts';
import { withServer } from './contacts.ts';
import {
  CONNECTIONS,
  DURATION,
  type Figure,
  jsonPoster,
  largeSeedMissing,
  measure,
  PG_URL,
  p99Of,
  runAlone,
  signIn,
} from './harness.ts';

export const START_END_P99_TARGET_MS = 50;
export const READ_P99_TARGET_MS = 150;
const EMPLOYEES = 500;
const EMAIL = (n: number) => `bench-staff-${n}@large.test`;

export interface StaffBench {
  figures: Figure[];
  lines: string[];
  pass: boolean;
}

/** The week (Sunday to Saturday) of today, by UTC days (the large seed's zone is UTC). */
function thisWeek() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  const start = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 6);
  return { startOfWeek: start, endOfWeek: d.toISOString().slice(0, 10) };
}

export async function setUp(client: pg.Client, orgId: string) {
  await tearDown(client, orgId);
  const t0 = performance.now();
  await client.query('begin');
  await addBenchEmployees(client, orgId, { prefix: 'bench-staff', name: 'Bench Employee', count: EMPLOYEES });
  await client.query(
    `insert into staff_members (organization_id, contact_id, row_order, hourly_cost_cents)
     select organization_id, id, row_number() over (order by full_name), 1500 + (hashtext(email) & 1023)
     from contacts where organization_id = $1 and email like 'bench-staff-%@large.test'`,
    [orgId],
  );
  // A year of weekdays: a session 09:00-17:00 with a 30-minute lunch, and the published shift.
  await addYearOfWork(client, orgId, 'bench-staff');
  await client.query(
    `insert into employee_shifts (organization_id, id, contact_id, shift_name, start_at, end_at,
       pub_contact_id, pub_shift_name, pub_position_ids, pub_start_at, pub_end_at, published_at)
     select c.organization_id, gen_random_uuid(), c.id, 'Floor', d + time '09:00', d + time '17:00',
       c.id, 'Floor', '[]'::jsonb, d + time '09:00', d + time '17:00', now()
     from contacts c cross join generate_series(current_date - 365, current_date + 7, interval '1 day') d
     where c.organization_id = $1 and c.email like 'bench-staff-%@large.test' and extract(dow from d) between 1 and 5`,
    [orgId],
  );
  await client.query('commit');
  await client.query(
    'vacuum (analyze) work_histories, employee_shifts, staff_members, contacts, role_assignments',
  );
  const [n] = (
    await client.query<{ sessions: number; shifts: number }>(
      `select (select count(*)::int from work_histories where organization_id = $1) as sessions,
              (select count(*)::int from employee_shifts where organization_id = $1) as shifts`,
      [orgId],
    )
  ).rows;
  return `Staff set-up: ${EMPLOYEES} employees, ${n!.sessions.toLocaleString('en-US')} work sessions and ${n!.shifts.toLocaleString('en-US')} shifts in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
}

export async function tearDown(client: pg.Client, orgId: string) {
  // Sessions, screenshots, shifts and staff records go with the contacts.
  await removeBenchEmployees(client, orgId, 'bench-staff');
}

/**
 * 50 employees at once, each clocking in and out back to back on its own keep-alive connection
 * (node:http, see jsonPoster), for DURATION seconds after a 2-second warm-up. Each employee
 * finishes the clock-out it is in when time is up, so that no request is cut off half-way
 * (autocannon stops on a timer and drops what is in flight; a clock-in cut off there may still
 * open a session after the run).
 */
export async function startEnd(base: string, tokens: Record<string, string>[]) {
  const { post, close } = jsonPoster(base);
  const run = async (seconds: number) => {
    const client: number[] = [];
    const server: number[] = [];
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(
      tokens.map(async (headers) => {
        while (performance.now() < until) {
          const started = await post(headers, '/api/contact/workhistory/startwork', {});
          const historyId = (JSON.parse(started.text) as { data: { historyId: string } }).data.historyId;
          const ended = await post(headers, '/api/contact/workhistory/endwork', { historyId });
          client.push(started.ms, ended.ms);
          server.push(started.server, ended.server);
        }
      }),
    );
    const sorted = [...client].sort((x, y) => x - y);
    return {
      rps: client.length / ((performance.now() - t0) / 1000),
      p99: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN),
      serverP99: p99Of(server),
    };
  };
  await run(2);
  const r = await run(DURATION);
  close();
  return {
    name: `POST startwork + endwork, ${tokens.length} employees at once (500 on the schedule, a year of history)`,
    ...r,
  };
}

export async function benchStaff(): Promise<StaffBench> {
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
    const lines = [await setUp(client, org.id)];
    try {
      const week = thisWeek();
      const qs = `startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}`;
      // A fresh server for each figure: a load run cut off on its timer must not leave the next
      // figure a server still busy with (or holding connections for) the last one's requests.
      // The reads come first, on the seeded year of history: the start/end figure leaves each of
      // its 50 employees a hundred or more one-second sessions today, which is not a week the
      // time sheet is asked about (the stress figure after it reads that week too).
      const figures: Figure[] = [];
      const reads: [string, string, boolean][] = [
        [
          `GET employee-shifts (week grid, 50 of ${EMPLOYEES} employees a page)`,
          `/api/employee-shifts?${qs}`,
          true,
        ],
        [
          `GET contact/workhistory/overview (time sheet, 50 of ${EMPLOYEES} a page)`,
          `/api/contact/workhistory/overview?${qs}`,
          true,
        ],
        [
          `GET employee-shifts?pageSize=200 (week grid, 200 employees in one answer)`,
          `/api/employee-shifts?${qs}&pageSize=200`,
          false,
        ],
      ];
      for (const [name, path, single] of reads) {
        figures.push(
          await withServer(url, async (base) => {
            const admin = await signIn(base, LARGE_ADMIN, LARGE_PASSWORD);
            if (process.env.BENCH_DEBUG) {
              const t0 = performance.now();
              const r = await fetch(`${base}${path}`, { headers: admin });
              const size = (await r.text()).length;
              console.log(
                path,
                r.status,
                size,
                Math.round(performance.now() - t0),
                'ms',
                r.headers.get('server-timing'),
              );
            }
            return measure(name, `${base}${path}`, admin, { single });
          }),
        );
      }
      figures.push(
        await withServer(url, async (base) => {
          const tokens: Record<string, string>[] = [];
          for (let n = 1; n <= CONNECTIONS; n++) tokens.push(await signIn(base, EMAIL(n), LARGE_PASSWORD));
          return startEnd(base, tokens);
        }),
      );
      // The time sheet again, now that 50 employees have clocked in and out all through the last
      // figure: hundreds of sessions today each (a stress figure, not judged).
      figures.push(
        await withServer(url, async (base) => {
          const admin = await signIn(base, LARGE_ADMIN, LARGE_PASSWORD);
          return measure(
            `GET contact/workhistory/overview after the start/end run (stress: ${CONNECTIONS} employees with hundreds of sessions today)`,
            `${base}/api/contact/workhistory/overview?${qs}`,
            admin,
            { single: true },
          );
        }),
      );
      const [grid, sheet, , startEndFigure] = figures as [Figure, Figure, Figure, Figure];
      // A figure with no answers measured nothing: it fails rather than passing at "0 ms".
      const within = (f: Figure, p99: number | undefined, target: number) =>
        f.rps > 0 && p99 !== undefined && p99 > 0 && p99 <= target;
      const startPass = within(startEndFigure, startEndFigure.serverP99, START_END_P99_TARGET_MS);
      const gridPass = within(grid, grid.p99, READ_P99_TARGET_MS);
      const sheetPass = within(sheet, sheet.p99, READ_P99_TARGET_MS);
      lines.push(
        `Staff start/end work at ${CONNECTIONS} employees: server p99 ${startEndFigure.serverP99 ?? '?'} ms (load generator ${startEndFigure.p99} ms), target ${START_END_P99_TARGET_MS} ms: ${startPass ? 'PASS' : 'FAIL'}`,
        `Staff week grid: p99 ${grid.p99} ms (server ${grid.serverP99 ?? '?'} ms), target ${READ_P99_TARGET_MS} ms: ${gridPass ? 'PASS' : 'FAIL'}`,
        `Staff time sheet for a week: p99 ${sheet.p99} ms (server ${sheet.serverP99 ?? '?'} ms), target ${READ_P99_TARGET_MS} ms: ${sheetPass ? 'PASS' : 'FAIL'}`,
      );
      return { figures, lines, pass: startPass && gridPass && sheetPass };
    } finally {
      await tearDown(client, org.id);
      await client.query('vacuum (analyze) work_histories, employee_shifts, staff_members, contacts');
    }
  } finally {
    await client.end();
  }
}

function notMeasured(): string {
  return largeSeedMissing('Staff start/end work, week grid and time sheet', largeDatabaseUrl(PG_URL));
}

// Run alone (`npx tsx bench/staff.ts`): the figures beside the bare Fastify baseline of the same run.
if (import.meta.url === `file://${process.argv[1]}`) {
  runAlone(benchStaff).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
