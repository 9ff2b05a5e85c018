import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit, WEEK } from '../staff.test-kit.ts';

const HOUR = 3_600_000;

describe(`budgets, attendance and staff settings (${DB_KIND})`, () => {
  let k: Kit;
  let bar: string;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('categories and positions: created, renamed, unique by name, deleted', async () => {
    const cat = await k.admin.call('POST', '/api/employee-categories', {
      name: 'Front of house',
      color: '#1e90ff',
    });
    expect(cat.body).toMatchObject({
      message: 'Category created',
      data: { name: 'Front of house', color: '#1e90ff', sortOrder: 0 },
    });
    expect((await k.admin.call('POST', '/api/employee-categories', { name: 'front OF house' })).status).toBe(
      409,
    );
    expect((await k.employee.call('POST', '/api/employee-categories', { name: 'Kitchen' })).status).toBe(403);
    const renamed = await k.admin.call('PUT', `/api/employee-categories/${cat.body.data._id}`, {
      name: 'Floor',
    });
    expect(renamed.body).toMatchObject({
      message: 'Category updated',
      data: { name: 'Floor', color: '#1e90ff' },
    });
    const pos = await k.admin.call('POST', '/api/contact-position', {
      name: 'Bartender',
      categoryId: cat.body.data._id,
      hourlyCostCents: 2000,
    });
    expect(pos.body).toMatchObject({
      message: 'Position created',
      data: { name: 'Bartender', hourlyCostCents: 2000 },
    });
    bar = pos.body.data._id;
    const upd = await k.admin.call('PUT', `/api/contact-position/${bar}`, { color: '#aa3300' });
    expect(upd.body).toMatchObject({
      message: 'Position updated',
      data: { name: 'Bartender', color: '#aa3300', hourlyCostCents: 2000 },
    });
    expect(
      (await k.admin.call('POST', '/api/contact-position', { name: 'X', categoryId: k.orgId })).status,
    ).toBe(400);
    expect((await k.employee.get('/api/contact-position')).body.list).toHaveLength(1);
    expect((await k.intruder.get('/api/contact-position')).body.list).toEqual([]);
    expect((await k.intruder.call('PUT', `/api/contact-position/${bar}`, { name: 'Mine' })).status).toBe(404);
    const gone = await k.admin.call('DELETE', `/api/employee-categories/${cat.body.data._id}`);
    expect(gone.body).toEqual({ success: true, message: 'Category deleted' });
    expect((await k.admin.get('/api/contact-position')).body.list[0].categoryId).toBeNull();
    const temp = await k.admin.call('POST', '/api/contact-position', { name: 'Temp' });
    expect((await k.admin.call('DELETE', `/api/contact-position/${temp.body.data._id}`)).body.message).toBe(
      'Position deleted',
    );
  });

  it('an employee’s staff record: positions and hourly cost; only managers see costs', async () => {
    const saved = await k.admin.call('PUT', `/api/staff/employees/${k.employee.contactId}`, {
      positionIds: [bar],
      hourlyCostCents: 1500,
    });
    expect(saved.body).toMatchObject({
      message: 'Employee saved',
      data: { positionIds: [bar], hourlyCostCents: 1500 },
    });
    expect(
      (await k.admin.call('PUT', `/api/staff/employees/${k.client.contactId}`, { hourlyCostCents: 1 }))
        .status,
    ).toBe(400);
    expect(
      (
        await k.employee.call('PUT', `/api/staff/employees/${k.employee.contactId}`, {
          hourlyCostCents: 9999,
        })
      ).status,
    ).toBe(403);
    const asAdmin = await k.admin.get('/api/staff/employees');
    expect(
      asAdmin.body.list.find((e: { contactId: string }) => e.contactId === k.employee.contactId)
        .hourlyCostCents,
    ).toBe(1500);
    expect(
      asAdmin.body.list.find((e: { contactId: string }) => e.contactId === k.employee.contactId).onSchedule,
    ).toBe(true);
    expect(
      asAdmin.body.list.find((e: { contactId: string }) => e.contactId === k.admin.contactId).onSchedule,
    ).toBe(false);
    const off = await k.admin.call('DELETE', `/api/staff/employees/${k.second.contactId}`);
    expect(off.body).toMatchObject({ message: 'Taken off the schedule', data: { onSchedule: false } });
    expect((await k.employee.call('DELETE', `/api/staff/employees/${k.second.contactId}`)).status).toBe(403);
    const asEmployee = await k.employee.get('/api/staff/employees');
    expect(
      asEmployee.body.list.every((e: { hourlyCostCents: number | null }) => e.hourlyCostCents === null),
    ).toBe(true);
  });

  it('sales budgets against the week’s labour cost, as a percentage', async () => {
    // 8 h at the employee's 15.00 and 4 h at the Bartender position's 20.00.
    await k.admin.call('POST', '/api/employee-shifts', {
      contactId: k.employee.contactId,
      shiftName: 'Mon',
      startDate: '2025-06-02T09:00:00Z',
      endDate: '2025-06-02T17:00:00Z',
    });
    await k.admin.call('POST', '/api/employee-shifts', {
      contactId: k.second.contactId,
      shiftName: 'Mon bar',
      positionIds: [bar],
      startDate: '2025-06-02T17:00:00Z',
      endDate: '2025-06-02T21:00:00Z',
    });
    const put = await k.admin.call('PUT', '/api/employee-budgets', {
      ...WEEK,
      days: [
        { day: '2025-06-02', plannedSalesCents: 100_000 },
        { day: '2025-06-03', plannedSalesCents: 50_000 },
      ],
    });
    expect(put.body).toMatchObject({
      message: 'Budget saved',
      data: { plannedSalesCents: 150_000, labourCostCents: 20_000, labourPercent: 13.3 },
    });
    expect(put.body.data.days[1]).toEqual({
      day: '2025-06-02',
      plannedSalesCents: 100_000,
      labourCostCents: 20_000,
    });
    expect(
      (
        await k.admin.call('PUT', '/api/employee-budgets', {
          ...WEEK,
          days: [{ day: '2025-06-09', plannedSalesCents: 1 }],
        })
      ).body.error.message,
    ).toBe('days.0.day: must fall within the week 2025-06-01 to 2025-06-07');
    expect((await k.employee.get('/api/employee-budgets', WEEK)).status).toBe(403);
    const grid = await k.admin.get('/api/employee-shifts', WEEK);
    const row = grid.body.rows.find((r: { contactId: string }) => r.contactId === k.second.contactId);
    expect(row.costCents).toBe(8_000);
  });

  it('attendance: published shifts against the clock, late, absent, overtime, and a manager’s record', async () => {
    const shifts = await k.admin.get('/api/employee-shifts', WEEK);
    const mon = shifts.body.rows.find((r: { contactId: string }) => r.contactId === k.employee.contactId)
      .shifts[0];
    await k.admin.call('POST', '/api/employee-shifts/publish', WEEK);
    // The employee clocked in 20 minutes late and stayed an hour longer; the second never came.
    await k.admin.call('POST', '/api/contact/workhistory/create-manual-workHistory', {
      contactId: k.employee.contactId,
      startDate: '2025-06-02',
      startTime: '09:20',
      endDate: '2025-06-02',
      endTime: '18:00',
      reason: 'From the paper sheet',
    });
    const report = await k.admin.get('/api/employee-attendance', WEEK);
    const me = report.body.list.find((r: { contactId: string }) => r.contactId === k.employee.contactId);
    expect(me).toMatchObject({
      scheduledMs: 8 * HOUR,
      workedMs: 8 * HOUR + 40 * 60_000,
      overtimeMs: 40 * 60_000,
      late: 1,
      absent: 0,
    });
    expect(me.shifts[0]).toMatchObject({
      shiftId: mon._id,
      status: 'late',
      lateMs: 20 * 60_000,
      recorded: false,
      day: '2025-06-02',
    });
    const second = report.body.list.find((r: { contactId: string }) => r.contactId === k.second.contactId);
    expect(second).toMatchObject({ absent: 1, workedMs: 0 });
    const excused = await k.admin.call('POST', '/api/employee-attendance', {
      contactId: k.second.contactId,
      shiftId: second.shifts[0].shiftId,
      status: 'excused',
      note: 'Doctor',
    });
    expect(excused.body).toMatchObject({
      message: 'Attendance saved',
      data: { status: 'excused', recorded: true, note: 'Doctor' },
    });
    expect(
      (
        await k.admin.call('POST', '/api/employee-attendance', {
          contactId: k.employee.contactId,
          shiftId: second.shifts[0].shiftId,
          status: 'onTime',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await k.employee.call('POST', '/api/employee-attendance', {
          contactId: k.employee.contactId,
          shiftId: mon._id,
          status: 'onTime',
        })
      ).status,
    ).toBe(403);
    const own = await k.employee.get('/api/employee-attendance', WEEK);
    expect(own.body.list.map((r: { contactId: string }) => r.contactId)).toEqual([k.employee.contactId]);
    expect(
      (await k.intruder.get('/api/employee-attendance', WEEK)).body.list.map(
        (r: { contactId: string }) => r.contactId,
      ),
    ).not.toContain(k.employee.contactId);
  });
});
