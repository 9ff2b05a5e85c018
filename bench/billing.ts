// The billing run at scale: on the large seed (npm run seed:large), 100,000 monthly contracts of
// the big organisation fall due today, each member with a saved sandbox card. The run is started
// through the API ("Run billing now", the job runner scoped to the organisation) and timed until
// every one of those invoices is issued and paid; meanwhile the contacts list and the kiosk's
// code lookup are measured at the bench's concurrency and judged against their own targets.
// Everything the bench adds (contracts, cards, invoices, payments, e-mails, timeline entries, the
// device) is removed afterwards, and the invoice counter put back.
//
// Run it alone: `npx tsx bench/billing.ts` (it is also part of `npm run bench`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BIG_ORG, LARGE_ADMIN, LARGE_PASSWORD, largeDatabaseUrl } from '../scripts/seed-large.sql.ts';
import { P99_TARGET_MS } from './contacts.ts';
import {
  type Figure,
  freePort,
  KIOSK_LOAD_ENV,
  measure,
  measureEach,
  PG_URL,
  signIn,
  startProcess,
} from './harness.ts';
import { CHECK_IN_P99_TARGET_MS } from './kiosk.ts';

export const BILLING_CONTRACTS = Number(process.env.BENCH_BILLING_CONTRACTS ?? 100_000);
export const BILLING_TARGET_S = 120;

export interface BillingBench {
  figures: Figure[];
  lines: string[];
  pass: boolean;
}

interface Seeded {
  orgId: string;
  stamp: string;
  counter: number;
  startedAt: Date;
}

/** The big organisation's contracts, cards and sandbox records for the run, in one transaction. */
async function seedContracts(client: pg.Client, orgId: string, timeZone: string): Promise<Seeded> {
  const stamp = `bench${Date.now().toString(36)}`;
  const [counter] = (
    await client.query<{ n: number }>(
      'select coalesce((select last_number from invoice_counters where organization_id = $1), 0) as n',
      [orgId],
    )
  ).rows;
  const startedAt = new Date();
  await client.query('begin');
  await client.query(
    `create temp table bench_members on commit drop as
     select c.id as contact_id, row_number() over (order by c.id) as n
     from contacts c
     where c.organization_id = $1 and c.deleted_at is null
       and not exists (select 1 from payment_customers p where p.organization_id = c.organization_id and p.contact_id = c.id)
       and not exists (select 1 from payment_cards k where k.organization_id = c.organization_id and k.contact_id = c.id)
     order by c.id limit $2`,
    [orgId, BILLING_CONTRACTS],
  );
  const ref = (kind: string) => `'${kind}_${stamp}_' || m.n`;
  await client.query(
    `insert into sandbox_payment_customers (organization_id, id, name, default_card_id)
     select $1, ${ref('cus')}, 'Bench member', ${ref('card')} from bench_members m`,
    [orgId],
  );
  await client.query(
    `insert into sandbox_payment_cards (organization_id, id, customer_id, brand, last4, exp_month, exp_year)
     select $1, ${ref('card')}, ${ref('cus')}, 'Visa', '4242', 12, 2034 from bench_members m`,
    [orgId],
  );
  await client.query(
    `insert into payment_customers (organization_id, contact_id, provider, customer_ref)
     select $1, m.contact_id, 'sandbox', ${ref('cus')} from bench_members m`,
    [orgId],
  );
  await client.query(
    `insert into payment_cards (organization_id, id, contact_id, provider, customer_ref, provider_card_id, brand, last4,
       exp_month, exp_year, is_default)
     select $1, gen_random_uuid(), m.contact_id, 'sandbox', ${ref('cus')}, ${ref('card')}, 'Visa', '4242', 12, 2034, true
     from bench_members m`,
    [orgId],
  );
  await client.query(
    `insert into contact_contracts (organization_id, id, contact_id, title, start_date, amount_cents, billing_interval,
       next_bill_day)
     select $1, gen_random_uuid(), m.contact_id, $2, d.today, 4900, 'monthly', d.today
     from bench_members m, (select (now() at time zone $3)::date as today) d`,
    [orgId, `Bench Monthly ${stamp}`, timeZone],
  );
  // Last month's invoices, paid: an organisation billing 100,000 members has a history, and the
  // planner's statistics (analyze below; this server runs without autovacuum) should know it.
  await client.query(
    `insert into contact_invoices (organization_id, id, contact_id, contract_id, number, description, amount_cents,
       due_date, status, period_start, period_end, paid_cents, paid_at, payment_method)
     select k.organization_id, gen_random_uuid(), k.contact_id, k.id, $3 + row_number() over (order by k.id),
       'Bench Monthly, last month', 4900, k.start_date - 30, 'paid', k.start_date - 30, k.start_date, 4900,
       now() - interval '30 days', 'card'
     from contact_contracts k where k.organization_id = $1 and k.title = $2`,
    [orgId, `Bench Monthly ${stamp}`, Number(counter?.n ?? 0)],
  );
  await client.query(
    `insert into invoice_payments (organization_id, id, invoice_id, contact_id, kind, method, status, source, attempt,
       amount_cents, provider, card_label, idempotency_key, provider_ref, created_at, settled_at)
     select i.organization_id, gen_random_uuid(), i.id, i.contact_id, 'charge', 'card', 'succeeded', 'auto', 1, 4900,
       'sandbox', 'Visa •••• 4242', 'bench_history_' || i.id, 'ch_bench_history_' || i.id, i.paid_at, i.paid_at
     from contact_invoices i join contact_contracts k on k.organization_id = i.organization_id and k.id = i.contract_id
     where i.organization_id = $1 and k.title = $2`,
    [orgId, `Bench Monthly ${stamp}`],
  );
  await client.query(
    `insert into invoice_counters (organization_id, last_number) values ($1, $2)
     on conflict (organization_id) do update set last_number = excluded.last_number`,
    [orgId, Number(counter?.n ?? 0) + BILLING_CONTRACTS],
  );
  await client.query('commit');
  await client.query(
    `analyze contact_contracts, contact_invoices, invoice_payments, payment_cards, payment_customers,
       sandbox_payment_cards, sandbox_payment_customers, sandbox_payment_charges, billing_emails, contact_activities`,
  );
  return { orgId, stamp, counter: Number(counter?.n ?? 0), startedAt };
}

/** Everything the run and the seeding added, gone; the counter as it was. */
async function removeContracts(client: pg.Client, s: Seeded) {
  const title = `Bench Monthly ${s.stamp}`;
  const like = `%_${s.stamp}_%`;
  // Statistics first: the deletes' foreign-key checks are planned from them.
  await client.query(
    'analyze contact_contracts, contact_invoices, invoice_payments, contact_activities, billing_emails, sandbox_payment_charges',
  );
  await client.query(
    `delete from contact_activities a using contact_invoices i, contact_contracts k
     where a.organization_id = $1 and a.created_at >= $2 and a.kind in ('invoice.created', 'invoice.paid', 'payment.failed')
       and i.organization_id = a.organization_id and i.id = (a.data->>'invoiceId')::uuid
       and k.organization_id = i.organization_id and k.id = i.contract_id and k.title = $3`,
    [s.orgId, s.startedAt, title],
  );
  await client.query(
    `delete from billing_emails e using contact_contracts k
     where e.organization_id = $1 and e.created_at >= $2 and k.organization_id = e.organization_id
       and k.contact_id = e.contact_id and k.title = $3`,
    [s.orgId, s.startedAt, title],
  );
  await client.query(
    `delete from contact_invoices i using contact_contracts k
     where i.organization_id = $1 and k.organization_id = i.organization_id and k.id = i.contract_id and k.title = $2`,
    [s.orgId, title],
  );
  await client.query('delete from contact_contracts where organization_id = $1 and title = $2', [
    s.orgId,
    title,
  ]);
  await client.query('delete from payment_cards where organization_id = $1 and provider_card_id like $2', [
    s.orgId,
    like,
  ]);
  await client.query('delete from payment_customers where organization_id = $1 and customer_ref like $2', [
    s.orgId,
    like,
  ]);
  await client.query(
    'delete from sandbox_payment_charges where organization_id = $1 and customer_id like $2',
    [s.orgId, like],
  );
  await client.query('delete from sandbox_payment_customers where organization_id = $1 and id like $2', [
    s.orgId,
    like,
  ]);
  await client.query('update invoice_counters set last_number = $2 where organization_id = $1', [
    s.orgId,
    s.counter,
  ]);
  // The run moves each member's payment status, which rewrites the member's stored answer:
  // without autovacuum (this server runs without it) the dead answers would slow the next
  // contacts figure (the list at p99 107 ms instead of 82 after a few billing runs).
  await client.query(
    `vacuum (analyze) contact_contracts, contact_invoices, invoice_payments, payment_cards, payment_customers,
       sandbox_payment_cards, sandbox_payment_customers, sandbox_payment_charges, contact_activities, billing_emails,
       contacts, contact_answers`,
  );
}

async function pairKiosk(base: string, headers: Record<string, string>) {
  const made = await fetch(`${base}/api/device-management`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench billing kiosk' }),
  });
  if (!made.ok) throw new Error(`device: ${made.status} ${await made.text()}`);
  const device = ((await made.json()) as { data: { _id: string; code: string } }).data;
  const paired = await fetch(`${base}/api/device-auth/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: device.code }),
  });
  if (!paired.ok) throw new Error(`pair: ${paired.status} ${await paired.text()}`);
  return { deviceId: device._id, token: ((await paired.json()) as { deviceToken: string }).deviceToken };
}

/** Paid invoices of the run so far (last month's, seeded paid, not counted). */
async function paidSoFar(client: pg.Client, s: Seeded): Promise<number> {
  const [row] = (
    await client.query<{ n: number }>(
      `select count(*)::int as n from contact_invoices i join contact_contracts k
         on k.organization_id = i.organization_id and k.id = i.contract_id
       where i.organization_id = $1 and k.title = $2 and i.status = 'paid' and i.paid_at >= $3`,
      [s.orgId, `Bench Monthly ${s.stamp}`, s.startedAt],
    )
  ).rows;
  return Number(row?.n ?? 0);
}

export async function benchBilling(): Promise<BillingBench> {
  const url = largeDatabaseUrl(PG_URL);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return {
      figures: [],
      lines: [`Billing run: NOT MEASURED, there is no large seed (npm run seed:large).`],
      pass: true,
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'opsuite-bench-'));
  const port = await freePort();
  const server = await startProcess(
    ['apps/server/src/main.ts'],
    {
      ...KIOSK_LOAD_ENV,
      DATABASE_URL: url,
      DATA_DIR: dir,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      DATABASE_POOL_SIZE: '20',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // The run is started through the API below: no background job may start it first.
      IMPORT_WORKER: '0',
    },
    'is running',
  );
  let seeded: Seeded | null = null;
  let deviceId: string | null = null;
  try {
    const [org] = (
      await client.query<{ id: string; time_zone: string }>(
        'select id, time_zone from organizations where name = $1',
        [BIG_ORG],
      )
    ).rows;
    if (!org)
      return { figures: [], lines: ['Billing run: NOT MEASURED, the large seed is missing.'], pass: true };
    const base = `http://127.0.0.1:${port}`;
    const admin = await signIn(base, LARGE_ADMIN, LARGE_PASSWORD);
    const kiosk = await pairKiosk(base, admin);
    deviceId = kiosk.deviceId;
    const codes = (
      await client.query<{ punch_id: string }>(
        `select punch_id from contacts where organization_id = $1 and punch_id is not null order by punch_id limit 50000`,
        [org.id],
      )
    ).rows.map((r) => r.punch_id);
    console.log(`billing bench: seeding ${BILLING_CONTRACTS.toLocaleString('en-US')} contracts due today...`);
    seeded = await seedContracts(client, org.id, org.time_zone);
    const t0 = performance.now();
    const started = await fetch(`${base}/api/payment/run`, { method: 'POST', headers: admin });
    if (!started.ok) throw new Error(`run: ${started.status} ${await started.text()}`);
    // Measured while the run goes on.
    const label = (what: string) => `${what}, during the billing run (1M contacts)`;
    const list = await measure(
      label('GET contact/get (default page, 100 rows)'),
      `${base}/api/contact/get`,
      admin,
    );
    let i = 0;
    const lookup = await measureEach(
      label('GET kiosk/contact-by-code/{code}'),
      base,
      { authorization: `Bearer ${kiosk.token}` },
      () => ({ path: `/api/kiosk/contact-by-code/${codes[i++ % codes.length]}` }),
    );
    const during = (performance.now() - t0) / 1000;
    let status: {
      running: boolean;
      counts: { issued: number; succeeded: number } | null;
      error: string | null;
    };
    for (;;) {
      status = (await (await fetch(`${base}/api/payment/run`, { headers: admin })).json()) as typeof status;
      if (!status.running) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - t0) / 1000;
    if (status.error) throw new Error(`billing run failed: ${status.error}`);
    const paid = await paidSoFar(client, seeded);
    const runPass = seconds <= BILLING_TARGET_S && paid === BILLING_CONTRACTS;
    const listPass = list.p99 <= P99_TARGET_MS;
    const lookupPass = lookup.serverP99 !== undefined && lookup.serverP99 <= CHECK_IN_P99_TARGET_MS;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const lines = [
      `Billing run of ${BILLING_CONTRACTS.toLocaleString('en-US')} contracts due today (sandbox provider): ` +
        `${seconds.toFixed(1)} s to ${paid.toLocaleString('en-US')} paid, target ${BILLING_TARGET_S} s: ${verdict(runPass)}` +
        ` (run counts: ${status.counts?.issued ?? '?'} issued, ${status.counts?.succeeded ?? '?'} paid; ` +
        `${during.toFixed(0)} s of it under the measurements below)`,
      `  while it ran, contacts list p99 ${list.p99} ms, target ${P99_TARGET_MS} ms: ${verdict(listPass)}; ` +
        `kiosk code lookup server p99 ${lookup.serverP99 ?? '?'} ms, target ${CHECK_IN_P99_TARGET_MS} ms: ${verdict(lookupPass)}`,
    ];
    return { figures: [list, lookup], lines, pass: runPass && listPass && lookupPass };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (seeded) await removeContracts(client, seeded);
    if (deviceId && seeded)
      await client.query('delete from devices where organization_id = $1 and id = $2', [
        seeded.orgId,
        deviceId,
      ]);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBilling()
    .then((r) => {
      for (const f of r.figures)
        console.log(
          `${f.name}: ${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms, srv p99 ${f.serverP99 ?? '?'} ms`,
        );
      console.log(r.lines.join('\n'));
      if (!r.pass) process.exitCode = 1;
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
