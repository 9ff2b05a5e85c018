import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, WEEK } from '../staff.test-kit.ts';

// The grid's labour cost: the wage payroll pays where there is one (registered by payroll, which
// staff does not import), else the position's rate; a shift with no rate costs 0 and is counted.

describe(`labour cost on the schedule grid (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const rowOf = async (contactId: string) => {
    const grid = await k.admin.get('/api/employee-shifts', WEEK);
    return grid.body.rows.find((r: { contactId: string }) => r.contactId === contactId);
  };

  it("costs the employee's wage over the position's rate, and counts shifts with no rate", async () => {
    const pos = await k.admin.call('POST', '/api/contact-position', { name: 'Coach', hourlyCostCents: 1600 });
    const coach = pos.body.data._id as string;
    const shift = (contactId: string, positionIds: string[]) =>
      k.admin.call('POST', '/api/employee-shifts', {
        contactId,
        shiftName: 'Mon',
        positionIds,
        startDate: '2025-06-02T09:00:00Z',
        endDate: '2025-06-02T17:00:00Z',
      });
    expect((await shift(k.employee.contactId, [coach])).status).toBe(200);
    expect((await shift(k.second.contactId, [])).status).toBe(200);
    // 8 h at the position's 16.00.
    expect(await rowOf(k.employee.contactId)).toMatchObject({ costCents: 12_800, uncostedShifts: 0 });
    // No wage, no hourly cost, no position: 0, and the grid is told so.
    expect(await rowOf(k.second.contactId)).toMatchObject({ costCents: 0, uncostedShifts: 1 });

    // Payroll pays her 20.00 an hour: the grid agrees with payroll.
    const wage = await k.admin.call('PUT', `/api/employee-salary/${k.employee.contactId}`, {
      wageType: 'hourly',
      rateCents: 2000,
      effectiveFrom: '2025-06-01',
    });
    expect(wage.status).toBe(200);
    expect(await rowOf(k.employee.contactId)).toMatchObject({ costCents: 16_000, uncostedShifts: 0 });
    // A yearly salary of 41,600.00 is 20.00 an hour over 2,080 hours.
    await k.admin.call('PUT', `/api/employee-salary/${k.second.contactId}`, {
      wageType: 'salaried',
      rateCents: 4_160_000,
      effectiveFrom: '2025-06-01',
    });
    expect(await rowOf(k.second.contactId)).toMatchObject({ costCents: 16_000, uncostedShifts: 0 });
  });
});
