import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, REAL_DATABASE_URL } from '../../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from '../contacts.test-kit.ts';
import { ImportWorker } from './worker.ts';

/*
 * Crash safety of the import: whatever stops a worker half-way, every accepted row ends
 * up imported exactly once. The apps here run without their own worker (IMPORT_WORKER=0) so each
 * test decides who works on the job and when it dies.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../../../..');

/** rows: `unique` new contacts, then repeats of saved contacts, repeats inside the file and bad rows. */
function crashRows(unique: number, tag: string) {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < unique; i++) {
    rows.push({
      fullName: `Crash ${tag} ${i}`,
      email: `c${i}@${tag}.test`,
      phone: `+1 600 ${String(i).padStart(7, '0')}`,
    });
    if (i % 50 === 0) rows.push({ fullName: `Again ${i}`, email: `C${i}@${tag}.test` });
    if (i % 70 === 0) rows.push({ fullName: `Saved again ${i}`, email: `saved${i % 5}@${tag}.test` });
    if (i % 90 === 0) rows.push({ email: `nameless${i}@${tag}.test` });
  }
  const expected = {
    created: unique,
    duplicates: rows.filter(
      (r) => String(r.fullName).startsWith('Again') || String(r.fullName).startsWith('Saved'),
    ).length,
    rejected: rows.filter((r) => !r.fullName).length,
  };
  return { rows, expected };
}

async function jobRow(k: Kit, jobId: string) {
  const [row] = await k.t.database.query<Record<string, number | string>>(
    'select status, total, processed, created, duplicates, rejected from import_jobs where id = $1',
    [jobId],
  );
  return row!;
}

async function verify(
  k: Kit,
  jobId: string,
  tag: string,
  expected: ReturnType<typeof crashRows>['expected'],
) {
  const job = await jobRow(k, jobId);
  expect(job).toMatchObject({ status: 'success', ...expected });
  expect(Number(job.processed)).toBe(Number(job.total));
  // Every row once: one contact per unique e-mail, one timeline entry per created row.
  const [imported] = await k.t.database.query<{ n: number; emails: number }>(
    `select count(*)::int as n, count(distinct lower(email))::int as emails from contacts
     where organization_id = $1 and email like $2 and deleted_at is null and full_name like 'Crash %'`,
    [k.org.id, `%@${tag}.test`],
  );
  expect(imported).toEqual({ n: expected.created, emails: expected.created });
  const [timeline] = await k.t.database.query<{ n: number; rows: number }>(
    `select count(*)::int as n, count(distinct data->>'row')::int as rows from contact_activities
     where organization_id = $1 and kind = 'contact.imported' and data->>'importId' = $2`,
    [k.org.id, jobId],
  );
  expect(timeline).toEqual({ n: expected.created, rows: expected.created });
  const refused = await k.t.database.query<{ n: number }>(
    'select count(*)::int as n from import_job_rows where job_id = $1 and outcome is not null',
    [jobId],
  );
  expect(refused[0]!.n).toBe(expected.duplicates + expected.rejected);
  const { kept, counted } = await countsAgree(k, k.org.id);
  expect(kept).toEqual(counted);
}

describe(`import resumes where the last committed batch ended (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    const { createTestApp } = await import('../../../../test/helpers.ts');
    k = await createKit(await createTestApp(undefined, { IMPORT_WORKER: '0' }));
    for (let i = 0; i < 5; i++) {
      await k.admin.call('POST', '/api/contact/add', {
        fullName: `Saved ${i}`,
        email: `saved${i}@resume.test`,
      });
    }
  });
  afterAll(() => k.t.close());

  it('a worker that stops holding the lease is taken over; nothing is imported twice', async () => {
    const { rows, expected } = crashRows(300, 'resume');
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', { rows });
    expect(post.body.status).toBe('processing');
    const jobId = post.body.jobId as string;
    const first = new ImportWorker(k.t.database, { batchSize: 40, leaseMs: 60_000 });
    expect(await first.drain({ maxBatches: 3 })).toBe(1);
    const midway = await jobRow(k, jobId);
    expect(midway).toMatchObject({ status: 'processing', processed: 3 * 40 });
    // The lease is still the first worker's: another worker leaves the job alone...
    const second = new ImportWorker(k.t.database, { batchSize: 40 });
    expect(await second.drain()).toBe(0);
    // ...until it lapses (or, at start-up on PGlite, at once).
    await k.t.database.query(
      `update import_jobs set locked_until = now() - interval '1 second' where id = $1`,
      [jobId],
    );
    expect(await second.drain()).toBe(1);
    await verify(k, jobId, 'resume', expected);
    expect((await k.admin.call('GET', `/api/contact/import-status/${jobId}`)).body.errorsPage.total).toBe(
      expected.duplicates + expected.rejected,
    );
  });
  it('jobs take turns: a small import is not stuck behind a large one', async () => {
    const big = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: Array.from({ length: 2000 }, (_, i) => ({ fullName: `Big ${i}` })),
    });
    const small = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Small one' }, { fullName: 'Small two' }],
    });
    const worker = new ImportWorker(k.t.database, { batchSize: 50, pollMs: 20 });
    worker.start();
    try {
      const until = Date.now() + 60_000;
      while ((await jobRow(k, big.body.jobId)).status === 'processing' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await worker.stop();
    }
    // Posted second, the small import finished first.
    const [order] = await k.t.database.query<{ small_first: boolean }>(
      `select (select finished_at from import_jobs where id = $1) < (select finished_at from import_jobs where id = $2)
         as small_first`,
      [small.body.jobId, big.body.jobId],
    );
    expect(order!.small_first).toBe(true);
    expect(await jobRow(k, big.body.jobId)).toMatchObject({ status: 'success', created: 2000 });
  });
});

describe.skipIf(!REAL_DATABASE_URL)('import killed with SIGKILL half-way (postgres)', () => {
  let k: Kit;
  let child: ChildProcess | null = null;
  beforeAll(async () => {
    const { createTestApp } = await import('../../../../test/helpers.ts');
    k = await createKit(await createTestApp(undefined, { IMPORT_WORKER: '0' }));
    for (let i = 0; i < 5; i++) {
      await k.admin.call('POST', '/api/contact/add', {
        fullName: `Saved ${i}`,
        email: `saved${i}@crash.test`,
      });
    }
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await k.t.close();
  });

  it('every accepted row is imported exactly once after a restart', async () => {
    const { rows, expected } = crashRows(6000, 'crash');
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', { rows });
    const jobId = post.body.jobId as string;
    const [{ db }] = (await k.t.database.query<{ db: string }>('select current_database() as db')) as [
      { db: string },
    ];
    const url = new URL(REAL_DATABASE_URL!);
    url.pathname = `/${db}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crash-child.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString(), IMPORT_BATCH: '100', IMPORT_LEASE_MS: '1500' },
      stdio: 'ignore',
    });
    const total = rows.length;
    let killedAt: Record<string, number | string> | null = null;
    const deadline = Date.now() + 60_000;
    while (!killedAt && Date.now() < deadline) {
      const job = await jobRow(k, jobId);
      if (Number(job.processed) >= total / 3) {
        child.kill('SIGKILL');
        await new Promise((r) => child!.once('exit', r));
        killedAt = await jobRow(k, jobId);
      } else await new Promise((r) => setTimeout(r, 20));
    }
    expect(killedAt, 'the child never got a third of the way').not.toBeNull();
    expect(killedAt!.status).toBe('processing');
    expect(Number(killedAt!.processed)).toBeLessThan(total);
    // At the moment of the crash the committed contacts match the committed counters exactly.
    const [saved] = await k.t.database.query<{ n: number }>(
      `select count(*)::int as n from contacts where organization_id = $1 and full_name like 'Crash %'`,
      [k.org.id],
    );
    expect(saved!.n).toBe(Number(killedAt!.created));
    console.log(`import crash test: killed the worker at row ${killedAt!.processed} of ${total}`);

    // A restarted worker picks the job up once the dead worker's lease lapses.
    const restarted = new ImportWorker(k.t.database, { pollMs: 100 });
    restarted.start();
    try {
      const until = Date.now() + 60_000;
      while ((await jobRow(k, jobId)).status === 'processing' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await restarted.stop();
    }
    await verify(k, jobId, 'crash', expected);
  }, 120_000);
});

if (!REAL_DATABASE_URL) {
  console.log(
    'Import crash test (SIGKILL of a child process) skipped: it needs DATABASE_URL (PGlite is single-process)',
  );
}
