import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { seedPayrollDemo } from './index.ts';
import { createPayrollKit, type PayrollKit, recordWork } from './payroll.test-kit.ts';

describe(`payroll demo data (${DB_KIND})`, () => {
  let k: PayrollKit;
  let orgId: string;
  beforeAll(async () => {
    k = await createPayrollKit();
    const [row] = await k.query<{ organization_id: string }>(
      'select organization_id from contacts where id = $1',
      [k.employeeId],
    );
    orgId = row!.organization_id;
  });
  afterAll(() => k.t.close());

  it('gives the demo staff salaries and runs the period before the previous one from their hours', async () => {
    // 2025-06-18 is in the biweekly period 2025-06-08..21 (from Sunday 2024-01-07); the previous one
    // is 2025-05-25..06-07 (left pending), the one before it 2025-05-11..24 (paid).
    await recordWork(k, k.employeeId, '2025-05-20', '09:00', '13:00');
    await seedPayrollDemo(k.t.database, {
      organizationId: orgId,
      timeZone: 'UTC',
      hourly: [k.employeeId],
      perClass: [k.secondId],
      salaried: [k.adminContactId],
      today: '2025-06-18',
    });
    const salaries = (await k.admin.get('/api/employee-salary')).body.list;
    expect(salaries.map((s: { wageType: string }) => s.wageType).sort()).toEqual([
      'hourly',
      'per_class',
      'salaried',
    ]);
    const history = (await k.admin.get('/api/payroll/history')).body;
    expect(history.list).toHaveLength(1);
    expect(history.list[0]).toMatchObject({
      periodStart: '2025-05-11',
      periodEnd: '2025-05-24',
      status: 'completed',
    });
    const run = (await k.admin.get(`/api/payroll/report/${history.list[0]._id}`)).body;
    const hourly = run.lines.find((l: { contactId: string }) => l.contactId === k.employeeId);
    expect(hourly).toMatchObject({ regularMinutes: 240, grossCents: 8000 });
    // $52,000 a year over 26 periods.
    const salaried = run.lines.find((l: { contactId: string }) => l.contactId === k.adminContactId);
    expect(salaried.grossCents).toBe(200_000);
    const perClass = run.lines.find((l: { contactId: string }) => l.contactId === k.secondId);
    expect(perClass).toMatchObject({ source: 'classes', classes: 0, grossCents: 0 });
    expect(run.totals.netCents).toBe(208_000);
  });
});
