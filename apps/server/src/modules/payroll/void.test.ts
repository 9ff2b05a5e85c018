import { PAYROLL_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createPayrollKit, type PayrollKit, recordWork } from './payroll.test-kit.ts';

// Voiding a completed run (admin, reason, audited) reopens its period unless it was exported or
// paid out; two runs of the reopened period at once still pay it once.

describe(`voiding payroll runs (${DB_KIND})`, () => {
  let k: PayrollKit;
  beforeAll(async () => {
    k = await createPayrollKit();
    await k.admin.call('PUT', '/api/payroll/settings', { payCycle: 'weekly', anchorDay: '2025-06-01' });
    await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'hourly',
      rateCents: 2000,
      effectiveFrom: '2025-01-01',
    });
    await recordWork(k, k.employeeId, '2025-06-02', '08:00', '12:00');
  });
  afterAll(() => k.t.close());

  const runWeek = async (periodStart: string) => {
    const res = await k.admin.call('POST', '/api/payroll/run', { periodStart });
    expect(res.status).toBe(200);
    return res.body.data._id as string;
  };

  it('voids with a reason, audits it, reopens the period, and pays it again once', async () => {
    const id = await runWeek('2025-06-01');
    expect(
      (await k.employee.call('POST', `/api/payroll/report/${id}/void`, { reason: 'Wrong rate' })).status,
    ).toBe(403);
    const noReason = await k.admin.call('POST', `/api/payroll/report/${id}/void`, {});
    expect(noReason.status).toBe(400);
    // The paid period refuses edits until the run is voided.
    expect((await recordWork(k, k.employeeId, '2025-06-03', '08:00', '10:00')).status).toBe(409);
    const voided = await k.admin.call('POST', `/api/payroll/report/${id}/void`, { reason: 'Wrong rate' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      message: PAYROLL_TEXT.voided,
      data: { status: 'voided', voidReason: 'Wrong rate' },
    });
    const audit = await k.query<{ data: { reason: string } }>(
      "select data from audit_log where action = 'payroll.run.voided' and entity_id = $1",
      [id],
    );
    expect(audit[0]?.data.reason).toBe('Wrong rate');
    expect((await recordWork(k, k.employeeId, '2025-06-03', '08:00', '10:00')).status).toBe(200);
    expect((await k.admin.get('/api/payroll/history')).body.list).toHaveLength(0);
    const again = await Promise.all(
      [0, 1, 2].map(() => k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-01' })),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(again.map((r) => r.body.data._id)).size).toBe(1);
    expect(again[0]!.body.data.totals.netCents).toBe(12000);
    const done = await k.query("select id from payroll_runs where status = 'completed' and type = 'regular'");
    expect(done).toHaveLength(1);
  });

  it('refuses to void a run paid out or exported, or one before a later paid period', async () => {
    const [first] = await k.query<{ id: string }>("select id from payroll_runs where status = 'completed'");
    const second = await runWeek('2025-06-08');
    const early = await k.admin.call('POST', `/api/payroll/report/${first!.id}/void`, { reason: 'Late' });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(PAYROLL_TEXT.voidLaterFirst);
    const paid = await k.admin.call('POST', `/api/payroll/report/${second}/paid-out`, {});
    expect(paid.body).toMatchObject({ message: PAYROLL_TEXT.paidOut, data: { status: 'completed' } });
    expect(paid.body.data.paidOutAt).not.toBeNull();
    const refused = await k.admin.call('POST', `/api/payroll/report/${second}/void`, { reason: 'Oops' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(PAYROLL_TEXT.voidPaidOut);
    const third = await runWeek('2025-06-15');
    await k.t.app.inject({
      method: 'GET',
      url: `/api/payroll/report/${third}/export.csv`,
      headers: k.adminHeaders,
    });
    const exported = await k.admin.call('POST', `/api/payroll/report/${third}/void`, { reason: 'Oops' });
    expect(exported.status).toBe(409);
    expect(exported.body.error.message).toBe(PAYROLL_TEXT.voidExported);
  });
});
