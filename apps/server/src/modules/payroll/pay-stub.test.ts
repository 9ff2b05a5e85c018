import { mkdirSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { earningsOf, money, payStubFileName } from './pay-stub.ts';
import { createPayrollKit, type PayrollKit, recordWork } from './payroll.test-kit.ts';

// The pay stub: any name prints (emoji, Japanese, zero-width and right-to-left characters), it
// downloads with a file name, and it reads as a pay stub: rate × hours, money with its sign,
// deductions never '-0.00', year to date.

const NAME = 'Zoë 😀 山田 a\u200bb \u200fשלום\u202e';

describe(`pay stub (${DB_KIND})`, () => {
  let k: PayrollKit;
  beforeAll(async () => {
    k = await createPayrollKit();
    await k.admin.call('PUT', '/api/payroll/settings', { payCycle: 'weekly', anchorDay: '2025-06-01' });
  });
  afterAll(() => k.t.close());

  it('downloads a stub for a name in any script, with a file name', async () => {
    await k.query('update contacts set full_name = $1 where id = $2', [NAME, k.employeeId]);
    await k.admin.call('PUT', `/api/employee-salary/${k.employeeId}`, {
      wageType: 'hourly',
      rateCents: 2000,
      effectiveFrom: '2025-01-01',
    });
    expect((await recordWork(k, k.employeeId, '2025-06-02', '08:00', '17:00')).status).toBe(200);
    const run = await k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-01' });
    expect(run.status).toBe(200);
    const stub = await k.t.app.inject({
      method: 'GET',
      url: `/api/payroll/report/${run.body.data._id}/stub/${k.employeeId}`,
      headers: k.adminHeaders,
    });
    expect(stub.statusCode).toBe(200);
    expect(stub.headers['content-disposition']).toBe(
      'attachment; filename="pay-stub-zoe-a-b-2025-06-01.pdf"',
    );
    const pdf = await PDFDocument.load(stub.rawPayload);
    expect(pdf.getTitle()).toBe(`Pay stub ${NAME} 2025-06-01`);
    if (process.env.PAY_STUB_SHOT) {
      mkdirSync(process.env.PAY_STUB_SHOT, { recursive: true });
      writeFileSync(`${process.env.PAY_STUB_SHOT}/pay-stub.pdf`, stub.rawPayload);
    }
  });

  it('lays out earnings as rate × hours with the currency sign, and no minus zero', () => {
    const line = {
      contactId: 'x',
      fullName: 'A',
      wageType: 'hourly',
      source: 'work_history' as const,
      regularMinutes: 2400,
      overtimeMinutes: 300,
      classes: 0,
      sessions: 5,
      rateCents: 2000,
      regularCents: 80000,
      overtimeCents: 15000,
      grossCents: 95000,
      cardTipsCents: 0,
      deductionsCents: 0,
      netCents: 95000,
      note: '',
    };
    expect(earningsOf(line)).toEqual([
      ['Regular', '40.00 h', '$20.00/h', 80000],
      ['Overtime', '5.00 h', '$30.00/h', 15000],
    ]);
    expect(money(0)).toBe('$0.00');
    expect(money(123456789)).toBe('$1,234,567.89');
    expect(payStubFileName('山田', '2025-06-01')).toBe('pay-stub-employee-2025-06-01.pdf');
  });
});
