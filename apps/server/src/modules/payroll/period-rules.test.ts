import { addDaysToIsoDate, isoDateInZone, payPeriodContaining } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createPayrollKit, type PayrollKit } from './payroll.test-kit.ts';

// A regular run pays only a period that has ended, oldest open period first; a future start is
// bad input; an off-cycle run pays what it names at any time and closes no period.

describe(`pay periods a run may pay (${DB_KIND})`, () => {
  let k: PayrollKit;
  const ANCHOR = '2025-06-01';
  beforeAll(async () => {
    k = await createPayrollKit();
    await k.admin.call('PUT', '/api/payroll/settings', { payCycle: 'weekly', anchorDay: ANCHOR });
  });
  afterAll(() => k.t.close());

  it('refuses the current period with its last day, and a future start with 400', async () => {
    const [org] = await k.query<{ time_zone: string }>(
      'select o.time_zone from organizations o join contacts c on c.organization_id = o.id where c.id = $1',
      [k.employeeId],
    );
    const today = isoDateInZone(new Date(), org!.time_zone);
    const current = payPeriodContaining(today, 'weekly', ANCHOR);
    const now = await k.admin.call('POST', '/api/payroll/run', { periodStart: today });
    expect(now.status).toBe(409);
    const last = new Date(`${addDaysToIsoDate(current.end, -1)}T12:00:00Z`);
    const label = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(last);
    expect(now.body.error.message).toContain(`This pay period ends on ${label}.`);
    const future = await k.admin.call('POST', '/api/payroll/run', {
      periodStart: addDaysToIsoDate(today, 7),
    });
    expect(future.status).toBe(400);
    expect(future.body.error.message).toMatch(/^periodStart: /);
    const far = await k.admin.call('POST', '/api/payroll/pending', { periodStart: '2031-01-05' });
    expect(far.status).toBe(400);
    const none = await k.query('select 1 from payroll_runs where status = $1', ['completed']);
    expect(none).toHaveLength(0);
  });

  it('pays the oldest open period first and none before the last paid one', async () => {
    expect((await k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-15' })).status).toBe(200);
    const before = await k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-08' });
    expect(before.status).toBe(409);
    const skip = await k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-29' });
    expect(skip.status).toBe(409);
    expect(skip.body.error.message).toContain(
      'Run the pay period from Sun, Jun 22, 2025 to Sat, Jun 28, 2025 first',
    );
    const next = await k.admin.call('POST', '/api/payroll/run', {});
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ periodStart: '2025-06-22', periodEnd: '2025-06-28' });
    const pending = await k.admin.get('/api/payroll/pending');
    expect(pending.body.periodStart).toBe('2025-06-29');
  });

  it('makes an off-cycle run at any time that closes no period', async () => {
    const off = await k.admin.call('POST', '/api/payroll/run-offcycle', {
      idempotencyKey: 'bonus-0001',
      note: 'Bonus',
      lines: [{ contactId: k.employeeId, amountCents: 5000 }],
    });
    expect(off.status).toBe(200);
    expect(off.body.data.totals.netCents).toBe(5000);
    expect((await k.admin.get('/api/payroll/pending')).body.periodStart).toBe('2025-06-29');
  });

  it('starts a salary saved without a start day at the oldest unpaid period', async () => {
    const put = await k.admin.call('PUT', `/api/employee-salary/${k.secondId}`, {
      wageType: 'hourly',
      rateCents: 1500,
    });
    expect(put.status).toBe(200);
    expect(put.body.data.effectiveFrom).toBe('2025-06-29');
  });

  it('keeps payroll and tips from an employee with the default role (403), admins pass', async () => {
    const reads = [
      '/api/payroll/pending',
      '/api/payroll/history',
      '/api/employee-salary',
      '/api/tip-share?date=2025-06-02',
    ];
    for (const url of [...reads, '/api/tip-management/locations', '/api/tip-management/pools']) {
      expect((await k.employee.get(url)).status, url).toBe(403);
    }
    expect((await k.employee.call('POST', '/api/payroll/run', {})).status).toBe(403);
    expect((await k.employee.call('POST', '/api/payroll/pending', {})).status).toBe(403);
    expect((await k.admin.get('/api/tip-management/locations')).status).toBe(200);
    expect((await k.admin.get('/api/payroll/history')).status).toBe(200);
  });
});
