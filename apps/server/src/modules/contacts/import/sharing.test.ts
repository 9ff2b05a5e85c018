import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND } from '../../../../test/helpers.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenant.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';
import { acceptImport, type TenantRun, UPLOAD_LEASE, UPLOAD_STOPPED } from './import.service.ts';
import { ImportPacing, Pace } from './pacing.ts';
import { prepareRows, prepareRowsInTurns } from './rows.ts';
import { ImportWorker } from './worker.ts';

// An import shares the database: on PGlite (one transaction at a time) it works in short
// transactions and lets other requests go between them, without giving up its guarantees.

const people = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ fullName: `Share ${tag} ${i}`, email: `s${i}@${tag}.test` }));

async function job(k: Kit, jobId: string) {
  const [row] = await k.t.database.query<{
    status: string;
    processed: number;
    total: number;
    last_error: string | null;
    locked_by: string | null;
  }>('select status, processed, total, last_error, locked_by from import_jobs where id = $1', [jobId]);
  return row!;
}

const count = async (k: Kit, sql: string, params: unknown[]) =>
  Number((await k.t.database.query<{ n: number }>(sql, params))[0]!.n);

describe(`an import shares the database (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit(await createTestApp(undefined, { IMPORT_WORKER: '0' }));
  });
  afterAll(() => k.t.close());

  it('a request sent while the import runs is answered before the import ends', async () => {
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: people(4000, 'turns'),
    });
    const jobId = post.body.jobId as string;
    const worker = new ImportWorker(k.t.database, { batchSize: 100, pollMs: 10 });
    const address = await k.t.app.listen({ port: 0, host: '127.0.0.1' });
    worker.start();
    try {
      while ((await job(k, jobId)).processed === 0) await new Promise((r) => setTimeout(r, 5));
      const res = await fetch(`${address}/api/contact/import-status/${jobId}`, {
        headers: k.admin.session.headers,
      });
      const seen = (await res.json()) as { status: string; processed: number; total: number };
      // Answered between two batches, not after the last one.
      expect(seen.status).toBe('processing');
      expect(seen.processed).toBeLessThan(seen.total);
    } finally {
      await worker.stop();
    }
    await new ImportWorker(k.t.database).drain();
    expect(await job(k, jobId)).toMatchObject({ status: 'success', processed: 4000 });
  });

  it('stores the rows in short transactions; workers leave the job alone until all are stored', async () => {
    const rows = prepareRows(people(2500, 'chunks'));
    let transactions = 0;
    let seenByWorker = -1;
    const run: TenantRun = async (fn) => {
      transactions += 1;
      if (transactions === 2) seenByWorker = await new ImportWorker(k.t.database).drain();
      return withTenant(k.t.database.db, k.org.id, fn);
    };
    const ctx = { organizationId: k.org.id, userId: k.admin.session.userId } as never;
    const answer = await acceptImport(run, ctx, { rows, source: 'json', fileName: null, options: {} });
    // The job with its first rows, more rows a transaction at a time, then the job handed over.
    expect(transactions).toBeGreaterThanOrEqual(3);
    expect(seenByWorker).toBe(0);
    expect(answer).toMatchObject({ status: 'processing', total: 2500, processed: 0 });
    expect((await job(k, answer.jobId!)).locked_by).toBeNull();
    expect(
      await count(k, 'select count(*)::int as n from import_job_rows where job_id = $1', [answer.jobId]),
    ).toBe(2500);
    expect(await new ImportWorker(k.t.database).drain()).toBe(1);
    expect(await job(k, answer.jobId!)).toMatchObject({ status: 'success', processed: 2500 });
  });

  it('an upload that fails half-way leaves a failed job and imports nothing', async () => {
    const rows = prepareRows(people(2500, 'broken'));
    let transactions = 0;
    const run: TenantRun = (fn) => {
      transactions += 1;
      if (transactions === 3) return Promise.reject(new Error('connection lost'));
      return withTenant(k.t.database.db, k.org.id, fn);
    };
    const ctx = { organizationId: k.org.id, userId: k.admin.session.userId } as never;
    await expect(
      acceptImport(run, ctx, { rows, source: 'json', fileName: null, options: {} }),
    ).rejects.toThrow('connection lost');
    const [failed] = await k.t.database.query<{ id: string; status: string; last_error: string }>(
      `select id, status, last_error from import_jobs where organization_id = $1 order by created_at desc limit 1`,
      [k.org.id],
    );
    expect(failed).toMatchObject({ status: 'failed', last_error: UPLOAD_STOPPED });
    expect(
      await count(k, 'select count(*)::int as n from import_job_rows where job_id = $1', [failed!.id]),
    ).toBe(0);
    expect(
      await count(k, `select count(*)::int as n from contacts where email like '%@broken.test'`, []),
    ).toBe(0);
  });

  it('a job left half-stored by a process that died is failed when its lease lapses, nothing imported', async () => {
    const jobId = '01900000-0000-7000-8000-0000000000f1';
    await k.t.database.query(
      `insert into import_jobs (organization_id, id, total, created_by, locked_by, locked_until)
       values ($1, $2, 3000, $3, $4, now() + interval '5 minutes')`,
      [k.org.id, jobId, k.admin.session.userId, UPLOAD_LEASE + jobId],
    );
    await k.t.database.query(
      `insert into import_job_rows (organization_id, job_id, row_no, data)
       select $1, $2, i, jsonb_build_object('fullName', 'Orphan ' || i, 'tags', '[]'::jsonb)
       from generate_series(1, 1000) i`,
      [k.org.id, jobId],
    );
    // Still leased to its upload: no worker starts on it.
    expect(await new ImportWorker(k.t.database).drain()).toBe(0);
    await k.t.database.query(
      `update import_jobs set locked_until = now() - interval '1 second' where id = $1`,
      [jobId],
    );
    expect(await new ImportWorker(k.t.database).drain()).toBe(1);
    expect(await job(k, jobId)).toMatchObject({ status: 'failed', processed: 0, last_error: UPLOAD_STOPPED });
    expect(
      await count(k, `select count(*)::int as n from contacts where full_name like 'Orphan %'`, []),
    ).toBe(0);
    expect(await count(k, 'select count(*)::int as n from import_job_rows where job_id = $1', [jobId])).toBe(
      0,
    );
  });
});

describe('import pacing', () => {
  const fake = (kind: 'pglite' | 'postgres') => {
    const statements: string[] = [];
    const tx = {
      execute: async (q: { queryChunks: unknown[] }) => {
        statements.push(JSON.stringify(q.queryChunks));
      },
    };
    const database = { kind, db: { transaction: async (fn: (t: typeof tx) => Promise<void>) => fn(tx) } };
    return { database: database as unknown as DatabaseHandle, statements };
  };

  it('sizes transactions to take about 30 ms, halving or doubling at most, within bounds', () => {
    const pace = new Pace(200, 50, 1_000);
    pace.observe(200, 120); // slow: halved at most
    expect(pace.size).toBe(100);
    pace.observe(100, 30);
    expect(pace.size).toBe(100);
    pace.observe(100, 5); // fast: doubled at most
    expect(pace.size).toBe(200);
    pace.observe(40, 1); // a short last one says nothing about the pace
    expect(pace.size).toBe(200);
    for (let i = 0; i < 10; i++) pace.observe(pace.size, 1_000);
    expect(pace.size).toBe(50);
    for (let i = 0; i < 10; i++) pace.observe(pace.size, 1);
    expect(pace.size).toBe(1_000);
  });

  it('on PGlite, the worker paces its batches; on PostgreSQL they are 1,000 rows', async () => {
    const pglite = new ImportPacing(fake('pglite').database);
    expect(pglite.batchSize).toBe(200);
    await pglite.afterBatch(200, 0, 120);
    expect(pglite.batchSize).toBe(100);
    const postgres = new ImportPacing(fake('postgres').database);
    await postgres.afterBatch(1_000, 0, 5_000);
    expect(postgres.batchSize).toBe(1_000);
    const fixed = new ImportPacing(fake('pglite').database, 40);
    await fixed.afterBatch(40, 0, 5_000);
    expect(fixed.batchSize).toBe(40);
  });

  it('on PGlite, refreshes the statistics each time the imports have doubled the contacts', async () => {
    const { database, statements } = fake('pglite');
    const pacing = new ImportPacing(database);
    const analyses = () => statements.filter((s) => s.includes('analyze')).length;
    await pacing.afterBatch(250, 900, 40);
    expect(analyses()).toBe(0);
    await pacing.afterBatch(250, 100, 40); // 1,000
    expect(analyses()).toBe(1);
    await pacing.afterBatch(250, 900, 40); // 1,900
    expect(analyses()).toBe(1);
    await pacing.afterBatch(250, 100, 40); // 2,000
    expect(analyses()).toBe(2);
    expect(statements.some((s) => s.includes('default_statistics_target'))).toBe(true);
  });

  it('on PostgreSQL, autovacuum keeps the statistics', async () => {
    const { database, statements } = fake('postgres');
    await new ImportPacing(database).afterBatch(1_000, 5_000, 20);
    expect(statements).toEqual([]);
  });

  it('prepares a large file a few thousand rows at a time, with the same outcome', async () => {
    const rows = [...people(12_000, 'prep'), { fullName: 'Again', email: 's5@prep.test' }, 'not a row'];
    let turns = 0;
    const inTurns = await prepareRowsInTurns(rows, async () => {
      turns += 1;
    });
    expect(turns).toBe(2);
    expect(inTurns).toEqual(prepareRows(rows));
    expect(inTurns.at(-2)).toMatchObject({ outcome: 'duplicate', matchRow: 6 });
  });
});
