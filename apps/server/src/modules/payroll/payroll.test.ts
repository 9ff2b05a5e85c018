import { PAYROLL_TEXT } from '@opsuite/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant.ts';
import { PAID_PERIOD_MESSAGE } from '../staff/index.ts';
import { payrollOpenFrom } from './index.ts';
import { createPayrollKit, type PayrollKit, recordWork } from './payroll.test-kit.ts';

describe(`payroll (${DB_KIND})`, () => {
  let k: PayrollKit;
  const WEEK = '2025-06-01';
  beforeAll(async () => {
    k = await createPayrollKit();
    expect(
      (await k.admin.call('PUT', '/api/payroll/settings', { payCycle: 'weekly', anchorDay: WEEK })).body
        .message,
    ).toBe(PAYROLL_TEXT.settingsSaved);
  });
  afterAll(() => k.t.close());

  it("sets one salary per employee, and an employee without one gets the spec's message", async () => {
    const none = await k.admin.get(`/api/employee-salary/${k.employeeId}`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(PAYROLL_TEXT.noWageType);
    const put = await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'hourly',
      rateCents: 2000,
      effectiveFrom: '2025-01-01',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      message: PAYROLL_TEXT.salarySaved,
      data: { wageType: 'hourly', rateCents: 2000, overtimeThresholdHours: 40, overtimeMultiplier: 1.5 },
    });
    const again = await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'hourly',
      rateCents: 2000,
      effectiveFrom: '2025-01-01',
    });
    expect(again.status).toBe(200);
    const list = (await k.admin.get('/api/employee-salary')).body.list;
    expect(list.filter((s: { contactId: string }) => s.contactId === k.employeeId)).toHaveLength(1);
    const bad = await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'daily',
      rateCents: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^wageType: /);
    expect((await k.intruder.get(`/api/employee-salary/${k.employeeId}`)).status).toBe(404);
    expect((await k.vendor.get('/api/employee-salary')).status).toBe(403);
  });

  it('pends 45 hours in a week as 40 regular and 5 overtime at 1.5x, from confirmed work history', async () => {
    for (const day of ['02', '03', '04', '05', '06']) {
      expect((await recordWork(k, k.employeeId, `2025-06-${day}`, '08:00', '17:00')).status).toBe(200);
    }
    // Outside the period: does not count.
    await recordWork(k, k.employeeId, '2025-06-09', '08:00', '12:00');
    await k.admin.call('PUT', `/api/employee-salary/${k.secondId}`, {
      wageType: 'salaried',
      rateCents: 5_200_000,
      effectiveFrom: '2025-01-01',
    });
    const pending = await k.admin.get(`/api/payroll/pending?periodStart=${WEEK}`);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      periodStart: WEEK,
      periodEnd: '2025-06-07',
      status: 'preview',
      runId: null,
    });
    const hourly = pending.body.lines.find((l: { contactId: string }) => l.contactId === k.employeeId);
    expect(hourly).toMatchObject({
      source: 'work_history',
      sessions: 5,
      regularMinutes: 40 * 60,
      overtimeMinutes: 5 * 60,
      regularCents: 80_000,
      overtimeCents: 15_000,
      grossCents: 95_000,
      netCents: 95_000,
    });
    const salaried = pending.body.lines.find((l: { contactId: string }) => l.contactId === k.secondId);
    expect(salaried).toMatchObject({ source: 'salary', grossCents: 100_000 });
    expect(pending.body.totals).toMatchObject({ slips: 2, grossCents: 195_000, netCents: 195_000 });
  });

  it('refreshes into a draft, runs it once, and refuses a second run or refresh of a paid period', async () => {
    const refreshed = await k.admin.call('POST', '/api/payroll/pending', { periodStart: WEEK });
    expect(refreshed.body).toMatchObject({ message: PAYROLL_TEXT.refreshed, data: { status: 'draft' } });
    const draftId = refreshed.body.data.runId;
    const again = await k.admin.call('POST', '/api/payroll/pending', { periodStart: WEEK });
    expect(again.body.data.runId).toBe(draftId);

    const run = await k.admin.call('POST', '/api/payroll/run', { periodStart: WEEK });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      message: PAYROLL_TEXT.ran,
      data: { _id: draftId, status: 'completed' },
    });
    const sum = run.body.data.lines.reduce((n: number, l: { netCents: number }) => n + l.netCents, 0);
    expect(run.body.data.totals.netCents).toBe(sum);
    const retried = await k.admin.call('POST', '/api/payroll/run', { periodStart: WEEK });
    expect(retried.body.data._id).toBe(draftId);
    const refresh = await k.admin.call('POST', '/api/payroll/pending', { periodStart: WEEK });
    expect(refresh.status).toBe(409);
    expect(refresh.body.error.message).toBe(PAYROLL_TEXT.alreadyPaid);
    const count = await k.query<{ n: number }>(
      "select count(*)::int as n from payroll_runs where type = 'regular' and period_start = $1 and id = $2",
      [WEEK, draftId],
    );
    expect(count[0]!.n).toBe(1);
    expect((await k.admin.call('DELETE', `/api/payroll/pending/${draftId}`)).status).toBe(404);
    const [org] = await k.query<{ organization_id: string }>(
      'select organization_id from contacts where id = $1',
      [k.employeeId],
    );
    const orgId = org!.organization_id;
    expect(await withTenant(k.t.database.db, orgId, (tx) => payrollOpenFrom(tx, orgId))).toBe('2025-06-08');
    // Paid time stays as paid: staff refuses a new entry in the paid week.
    const late = await recordWork(k, k.employeeId, '2025-06-07', '08:00', '09:00');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(PAID_PERIOD_MESSAGE);
    expect((await recordWork(k, k.employeeId, '2025-06-08', '08:00', '09:00')).status).toBe(200);
    const history = (await k.admin.get('/api/payroll/history')).body;
    expect(history.list[0]).toMatchObject({ _id: draftId, totals: { netCents: 195_000 } });
    expect(history.totalNetCents).toBe(195_000);
  });

  it("clears a draft with the spec's message", async () => {
    const next = await k.admin.call('POST', '/api/payroll/pending', { periodStart: '2025-06-08' });
    expect(next.body.data).toMatchObject({ periodStart: '2025-06-08', status: 'draft' });
    const cleared = await k.admin.call('DELETE', `/api/payroll/pending/${next.body.data.runId}`);
    expect(cleared.body).toEqual({ success: true, message: 'Draft payroll is cleared.' });
    const after = await k.admin.get('/api/payroll/pending?periodStart=2025-06-08');
    expect(after.body).toMatchObject({ status: 'preview', runId: null });
  });

  it('runs an off-cycle bonus once per idempotency key', async () => {
    const body = {
      idempotencyKey: 'bonus-key-0001',
      note: 'Summer bonus',
      lines: [{ contactId: k.employeeId, amountCents: 12_345 }],
    };
    const [a, b] = [
      await k.admin.call('POST', '/api/payroll/run-offcycle', body),
      await k.admin.call('POST', '/api/payroll/run-offcycle', body),
    ];
    expect(a.body).toMatchObject({
      message: PAYROLL_TEXT.offCycle,
      data: { type: 'offcycle', totals: { netCents: 12_345 } },
    });
    expect(b.body.data._id).toBe(a.body.data._id);
    const stranger = await k.admin.call('POST', '/api/payroll/run-offcycle', {
      ...body,
      idempotencyKey: 'bonus-key-0002',
      lines: [{ contactId: '00000000-0000-4000-8000-000000000000', amountCents: 1 }],
    });
    expect(stranger.status).toBe(400);
  });

  it('reports by date range only with all four dates, and exports CSV and a pay stub PDF', async () => {
    const missing = await k.admin.get('/api/payroll/report?startDate=2025-06-01&endDate=2025-06-30');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain(PAYROLL_TEXT.datesRequired);
    const badDay = await k.admin.get(
      '/api/payroll/report?startDate=2025-06-01&endDate=2025-13-40&paidFrom=2020-01-01&paidTo=2099-01-01',
    );
    expect(badDay.status).toBe(400);
    const report = await k.admin.get(
      '/api/payroll/report?startDate=2025-06-01&endDate=2025-06-07&paidFrom=2020-01-01&paidTo=2099-01-01',
    );
    expect(report.status).toBe(200);
    const regular = report.body.runs.find((r: { type: string }) => r.type === 'regular');
    expect(regular.lines).toHaveLength(2);
    expect(report.body.totals.netCents).toBe(195_000);

    const raw = (url: string) => k.t.app.inject({ method: 'GET', url, headers: k.adminHeaders });
    const csv = await raw(`/api/payroll/report/${regular._id}/export.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toMatch(/^run_id,run_type,period_start/);
    expect(rows).toHaveLength(3);
    expect(rows.some((r) => r.endsWith(',950.00,0.00,0.00,950.00'))).toBe(true);

    const stub = await raw(`/api/payroll/report/${regular._id}/stub/${k.employeeId}`);
    expect(stub.statusCode).toBe(200);
    expect(stub.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(stub.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect((await k.admin.get(`/api/payroll/report/${regular._id}/stub/${k.adminContactId}`)).status).toBe(
      404,
    );
    expect((await k.intruder.get(`/api/payroll/report/${regular._id}`)).status).toBe(404);
    expect((await k.vendor.call('POST', '/api/payroll/run', {})).status).toBe(403);
  });
  it('pays per class taught by the effective instructor (the slot, else the type), skipping deleted classes', async () => {
    const [org] = await k.query<{ organization_id: string }>(
      'select organization_id from contacts where id = $1',
      [k.adminContactId],
    );
    const orgId = org!.organization_id;
    const [mine, theirs] = [crypto.randomUUID(), crypto.randomUUID()];
    await k.query(
      `insert into booking_types (organization_id, id, title, label, value, instructor_id)
       values ($1, $2, 'Yoga', 'Yoga', 'yoga', $3), ($1, $4, 'Spin', 'Spin', 'spin', $5)`,
      [orgId, mine, k.adminContactId, theirs, k.employeeId],
    );
    const slot = (type: string, day: string, instructor: string | null, deleted = false) =>
      k.query(
        `insert into booking_slots (organization_id, id, booking_type_id, date, start_time, end_time, starts_at,
           ends_at, instructor_id, deleted_at)
         values ($1, $2, $3, $4::date, '10:00', '11:00', ($4 || 'T10:00:00Z')::timestamptz,
           ($4 || 'T11:00:00Z')::timestamptz, $5, case when $6 then now() end)`,
        [orgId, crypto.randomUUID(), type, day, instructor, deleted],
      );
    await slot(mine, '2025-06-16', null);
    await slot(mine, '2025-06-17', k.employeeId);
    await slot(mine, '2025-06-18', null, true);
    await slot(theirs, '2025-06-19', k.adminContactId);
    await slot(mine, '2025-06-22', null);
    await k.admin.call('PUT', `/api/employee-salary/${k.adminContactId}`, {
      wageType: 'per_class',
      rateCents: 3333,
      effectiveFrom: '2025-01-01',
    });
    const pending = (await k.admin.get('/api/payroll/pending?periodStart=2025-06-15')).body;
    const line = pending.lines.find((l: { contactId: string }) => l.contactId === k.adminContactId);
    expect(line).toMatchObject({
      source: 'classes',
      classes: 2,
      grossCents: 6666,
      note: '2 classes taught',
    });
  });
});
