// Staff time and scheduling at scale: the large seed's organisation gets 500 employees on its
// schedule, a year of their work history (one session a weekday, with a break) and a year of
// published shifts; then 50 employees clock in and out at once (start/end work, each signed in
// as themselves), and the admin reads this week's schedule grid and time sheet. Everything the
// bench adds is removed afterwards.
import autocannon from 'autocannon';
import pg from 'pg';
import { BIG_ORG, LARGE_ADMIN, LARGE_PASSWORD, largeDatabaseUrl } from '../scripts/seed-large.sql.ts';
import { withServer } from './contacts.ts';
import {
  CONNECTIONS,
  DURATION,
  type Figure,
  measure,
  PG_URL,
  p99Of,
  serverDuration,
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

async function setUp(client: pg.Client, orgId: string) {
  await tearDown(client, orgId);
  const t0 = performance.now();
  await client.query('begin');
  await client.query(
    `insert into users (id, email, password_hash, full_name)
     select gen_random_uuid(), 'bench-staff-' || n || '@large.test',
       (select password_hash from users where email = $1), 'Bench Employee ' || lpad(n::text, 3, '0')
     from generate_series(1, $2::int) n`,
    [LARGE_ADMIN, EMPLOYEES],
  );
  await client.query(
    `insert into memberships (organization_id, user_id, user_type)
     select $1, id, 'employee' from users where email like 'bench-staff-%@large.test'`,
    [orgId],
  );
  await client.query(
    `insert into contacts (organization_id, id, full_name, email, contact_type_id, user_id)
     select $1, gen_random_uuid(), u.full_name, u.email,
       (select id from contact_types where organization_id = $1 and type = 'employee' limit 1), u.id
     from users u where u.email like 'bench-staff-%@large.test'`,
    [orgId],
  );
  await client.query(
    `insert into role_assignments (organization_id, id, user_id, contact_type_id, contact_id)
     select c.organization_id, gen_random_uuid(), c.user_id, c.contact_type_id, c.id
     from contacts c where c.organization_id = $1 and c.email like 'bench-staff-%@large.test'`,
    [orgId],
  );
  await client.query(
    `insert into staff_members (organization_id, contact_id, row_order, hourly_cost_cents)
     select organization_id, id, row_number() over (order by full_name), 1500 + (hashtext(email) & 1023)
     from contacts where organization_id = $1 and email like 'bench-staff-%@large.test'`,
    [orgId],
  );
  // A year of weekdays: a session 09:00-17:00 with a 30-minute lunch, and the published shift.
  await client.query(
    `insert into work_histories (organization_id, id, contact_id, description, start_at, end_at, break_times)
     select c.organization_id, gen_random_uuid(), c.id, 'Bench',
       d + time '09:00' + (hashtext(c.id::text || d::text) & 15) * interval '1 minute', d + time '17:00',
       jsonb_build_array(jsonb_build_object('_id', gen_random_uuid(), 'start', to_char(d + time '12:00', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'end', to_char(d + time '12:30', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'description', 'Lunch'))
     from contacts c cross join generate_series(current_date - 365, current_date - 1, interval '1 day') d
     where c.organization_id = $1 and c.email like 'bench-staff-%@large.test' and extract(dow from d) between 1 and 5`,
    [orgId],
  );
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

async function tearDown(client: pg.Client, orgId: string) {
  const bench = `select id from contacts where organization_id = $1 and email like 'bench-staff-%@large.test'`;
  await client.query(`delete from role_assignments where organization_id = $1 and contact_id in (${bench})`, [
    orgId,
  ]);
  // Sessions, screenshots, shifts and staff records go with the contacts (foreign keys cascade).
  await client.query(
    `delete from contacts where organization_id = $1 and email like 'bench-staff-%@large.test'`,
    [orgId],
  );
  await client.query(
    `delete from memberships where organization_id = $1 and user_id in (select id from users where email like 'bench-staff-%@large.test')`,
    [orgId],
  );
  await client.query(`delete from users where email like 'bench-staff-%@large.test'`);
}

/** 50 employees, each on its own connection, clocking in and out back to back. */
async function startEnd(base: string, tokens: Record<string, string>[], closeOpen: () => Promise<unknown>) {
  type Ctx = { headers?: Record<string, string>; historyId?: string };
  let next = 0;
  const server: number[] = [];
  let failure: string | null = null;
  const run = (seconds: number) =>
    autocannon({
      url: base,
      connections: tokens.length,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req, context: Ctx) => {
            context.headers ??= tokens[next++ % tokens.length]!;
            return {
              ...req,
              path: '/api/contact/workhistory/startwork',
              headers: { ...context.headers, 'content-type': 'application/json' },
              body: '{}',
            };
          },
          onResponse: (status, body, context: Ctx, headers) => {
            if (status !== 200) failure ??= `startwork: ${status} ${body}`;
            else context.historyId = (JSON.parse(body) as { data: { historyId: string } }).data.historyId;
            server.push(serverDuration(headers));
          },
        },
        {
          method: 'POST',
          setupRequest: (req, context: Ctx) => ({
            ...req,
            path: '/api/contact/workhistory/endwork',
            headers: { ...context.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ historyId: context.historyId }),
          }),
          onResponse: (status, body, _context: Ctx, headers) => {
            if (status !== 200) failure ??= `endwork: ${status} ${body}`;
            server.push(serverDuration(headers));
          },
        },
      ],
    });
  await run(2);
  // A run stops between a clock-in and its clock-out: those sessions are closed before the next.
  await closeOpen();
  server.length = 0;
  const r = await run(DURATION);
  await closeOpen();
  if (failure) throw new Error(failure);
  if (r.errors > 0 || r.non2xx > 0)
    throw new Error(`start/end work: ${r.errors} errors, ${r.non2xx} non-2xx`);
  return {
    name: `POST startwork + endwork, ${tokens.length} employees at once (500 on the schedule, a year of history)`,
    rps: r.requests.average,
    p99: r.latency.p99,
    serverP99: p99Of(server),
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
      const figures = await withServer(url, async (base) => {
        const admin = await signIn(base, LARGE_ADMIN, LARGE_PASSWORD);
        const tokens: Record<string, string>[] = [];
        for (let n = 1; n <= CONNECTIONS; n++) tokens.push(await signIn(base, EMAIL(n), LARGE_PASSWORD));
        const week = thisWeek();
        const qs = `startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}`;
        if (process.env.BENCH_DEBUG) {
          for (const path of [`/api/employee-shifts?${qs}`, `/api/contact/workhistory/overview?${qs}`]) {
            const t0 = performance.now();
            const r = await fetch(`${base}${path}`, { headers: admin });
            console.log(
              path,
              r.status,
              (await r.text()).length,
              Math.round(performance.now() - t0),
              'ms',
              r.headers.get('server-timing'),
            );
          }
        }
        return [
          await startEnd(base, tokens, () =>
            client.query(
              `update work_histories set end_at = now() where organization_id = $1 and end_at is null
                 and contact_id in (select id from contacts where organization_id = $1 and email like 'bench-staff-%@large.test')`,
              [org.id],
            ),
          ),
          await measure(
            `GET employee-shifts (week grid, 50 of ${EMPLOYEES} employees a page)`,
            `${base}/api/employee-shifts?${qs}`,
            admin,
            { single: true },
          ),
          await measure(
            `GET contact/workhistory/overview (time sheet, 50 of ${EMPLOYEES} a page)`,
            `${base}/api/contact/workhistory/overview?${qs}`,
            admin,
            { single: true },
          ),
          await measure(
            `GET employee-shifts?pageSize=200 (week grid, 200 employees in one answer)`,
            `${base}/api/employee-shifts?${qs}&pageSize=200`,
            admin,
          ),
        ];
      });
      const [startEndFigure, grid, sheet] = figures as [Figure, Figure, Figure];
      const startPass = (startEndFigure.serverP99 ?? Number.POSITIVE_INFINITY) <= START_END_P99_TARGET_MS;
      const gridPass = grid.p99 <= READ_P99_TARGET_MS;
      const sheetPass = sheet.p99 <= READ_P99_TARGET_MS;
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
  const url = new URL(largeDatabaseUrl(PG_URL));
  return (
    `Staff start/end work, week grid and time sheet: NOT MEASURED, the large seed (database ${url.pathname.slice(1)} ` +
    `on ${url.host}) is missing. Create it with \`npm run seed:large\`, then run \`npm run bench\` again.`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchStaff()
    .then((r) => {
      for (const f of r.figures)
        console.log(
          `${f.name}: ${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms, srv p99 ${f.serverP99 ?? '?'} ms, p99 @1 ${f.p99One ?? '-'}`,
        );
      console.log(r.lines.join('\n'));
      if (!r.pass) process.exitCode = 1;
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
