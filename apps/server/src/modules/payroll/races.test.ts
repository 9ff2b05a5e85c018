import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, REAL_DATABASE_URL } from '../../../test/helpers.ts';
import { createPayrollKit, type PayrollKit, recordWork } from './payroll.test-kit.ts';

// Races on a real PostgreSQL server (PGlite runs one transaction at a time): admins pressing Run
// at once, refreshes racing a run, retried off-cycle requests.

describe.skipIf(!REAL_DATABASE_URL)(`payroll races (${DB_KIND})`, () => {
  let k: PayrollKit;
  beforeAll(async () => {
    k = await createPayrollKit();
    await k.admin.call('PUT', '/api/payroll/settings', { payCycle: 'weekly', anchorDay: '2025-06-01' });
    await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'hourly',
      rateCents: 1999,
      effectiveFrom: '2025-01-01',
    });
    await recordWork(k, k.employeeId, '2025-06-03', '09:00', '17:20');
  });
  afterAll(() => k.t.close());

  it('ten Run presses and refreshes at once make one run for the period', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        k.admin.call('POST', i % 3 === 2 ? '/api/payroll/pending' : '/api/payroll/run', {
          periodStart: '2025-06-01',
        }),
      ),
    );
    const runs = answers.filter((a) => a.body?.data?.status === 'completed');
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs.map((a) => a.body.data._id)).size).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const rows = await k.query<{ n: number; net: number }>(
      `select count(*)::int as n, max(net_cents)::int as net from payroll_runs
        where type = 'regular' and period_start = '2025-06-01'`,
    );
    expect(rows[0]!.n).toBe(1);
    // 8h20m at $19.99: 16658.33 rounds half up to 16658 cents, and the run total is the slip.
    expect(rows[0]!.net).toBe(16_658);
  });

  it('a retried off-cycle request (same key) makes one run', async () => {
    const body = {
      idempotencyKey: 'race-bonus-0001',
      note: 'Correction',
      lines: [{ contactId: k.employeeId, amountCents: 501 }],
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => k.admin.call('POST', '/api/payroll/run-offcycle', body)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
    const rows = await k.query<{ n: number }>(
      "select count(*)::int as n from payroll_runs where idempotency_key = 'race-bonus-0001'",
    );
    expect(rows[0]!.n).toBe(1);
  });
  it('time sheet entries typed while the period runs: each is paid or refused, never kept unpaid', async () => {
    // The week of 2025-06-08: an hour already recorded, then twenty half-hour entries racing the run.
    await recordWork(k, k.employeeId, '2025-06-09', '09:00', '10:00');
    const days = ['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13'];
    const entry = (i: number) => {
      const hour = 11 + Math.floor(i / days.length);
      return recordWork(k, k.employeeId, days[i % days.length]!, `${hour}:00`, `${hour}:30`);
    };
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => entry(i)),
      k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-08' }),
      ...Array.from({ length: 10 }, (_, i) => entry(10 + i)),
    ]);
    const run = answers[10]!;
    expect(run.status).toBe(200);
    const edits = answers.filter((_, i) => i !== 10);
    for (const a of edits) expect([200, 409]).toContain(a.status);
    const accepted = edits.filter((a) => a.status === 200).length;
    const [kept] = await k.query<{ n: number }>(
      `select count(*)::int as n from work_histories
        where contact_id = $1 and start_at >= '2025-06-09' and start_at < '2025-06-14'`,
      [k.employeeId],
    );
    expect(kept!.n).toBe(1 + accepted);
    const line = run.body.data.lines.find((l: { contactId: string }) => l.contactId === k.employeeId);
    expect(line.regularMinutes + line.overtimeMinutes).toBe(60 + 30 * accepted);
    expect((await entry(0)).status).toBe(409);
  });
});
