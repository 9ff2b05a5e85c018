import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createPayrollKit, type PayrollKit, recordWork } from './payroll.test-kit.ts';

// Pending payroll across daylight-saving changes in America/New_York: an overnight session counts
// its real hours (9 when the clocks go back, 7 when they go forward), split at the local midnight
// that starts the week, and overtime is counted per week on each side of that boundary.

interface Line {
  contactId: string;
  regularMinutes: number;
  overtimeMinutes: number;
  regularCents: number;
  overtimeCents: number;
  grossCents: number;
}

describe(`payroll across daylight-saving changes (${DB_KIND})`, () => {
  let k: PayrollKit;
  const lineOf = async (periodStart: string) => {
    const res = await k.admin.get(`/api/payroll/pending?periodStart=${periodStart}`);
    expect(res.status).toBe(200);
    return (res.body.lines as Line[]).find((l) => l.contactId === k.employeeId)!;
  };
  beforeAll(async () => {
    k = await createPayrollKit();
    const [org] = await k.query<{ organization_id: string }>(
      'select organization_id from contacts where id = $1',
      [k.employeeId],
    );
    await k.query(`update organizations set time_zone = 'America/New_York' where id = $1`, [
      org!.organization_id,
    ]);
    const settings = await k.admin.call('PUT', '/api/payroll/settings', {
      payCycle: 'weekly',
      anchorDay: '2025-11-02',
    });
    expect(settings.status).toBe(200);
    const salary = await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'hourly',
      rateCents: 2000,
      effectiveFrom: '2025-01-01',
    });
    expect(salary.status).toBe(200);
  });
  afterAll(() => k.t.close());

  const overnight = (startDay: string, endDay: string) =>
    k.admin.call('POST', '/api/contact/workhistory/create-manual-workHistory', {
      contactId: k.employeeId,
      startDate: startDay,
      startTime: '22:00',
      endDate: endDay,
      endTime: '06:00',
      reason: 'Night shift',
    });

  it('fall back (2025-11-02): 9 real hours overnight, 7 of them in the new week, 47 h = 40 + 7 overtime', async () => {
    expect((await overnight('2025-11-01', '2025-11-02')).status).toBe(200);
    for (const day of ['03', '04', '05', '06']) {
      expect((await recordWork(k, k.employeeId, `2025-11-${day}`, '09:00', '19:00')).status).toBe(200);
    }
    const week = await lineOf('2025-11-02');
    expect(week).toMatchObject({
      regularMinutes: 40 * 60,
      overtimeMinutes: 7 * 60,
      regularCents: 80_000,
      overtimeCents: 21_000,
      grossCents: 101_000,
    });
    // Saturday 22:00 to midnight belongs to the week (and the pay period) before.
    expect(await lineOf('2025-10-26')).toMatchObject({
      regularMinutes: 120,
      overtimeMinutes: 0,
      grossCents: 4000,
    });
  });

  it('spring forward (2025-03-09): 7 real hours overnight, 5 of them in the new week, 45 h = 40 + 5 overtime', async () => {
    expect((await overnight('2025-03-08', '2025-03-09')).status).toBe(200);
    for (const day of ['10', '11', '12', '13']) {
      expect((await recordWork(k, k.employeeId, `2025-03-${day}`, '09:00', '19:00')).status).toBe(200);
    }
    expect(await lineOf('2025-03-09')).toMatchObject({
      regularMinutes: 40 * 60,
      overtimeMinutes: 5 * 60,
      grossCents: 80_000 + 15_000,
    });
  });
});
