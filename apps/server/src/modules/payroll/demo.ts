import { addDaysToIsoDate, isoDateInZone, payPeriodContaining } from '@opsuite/shared';
import type { DatabaseHandle, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { runPayroll } from './runs.service.ts';
import { DEFAULT_ANCHOR_DAY, putSalary, putSettings } from './salary.service.ts';
import { seedTipsDemo } from './tips/demo.ts';

// What `npm start` shows of payroll in the demo organisation: a biweekly pay cycle, a salary for
// each demo employee (hourly at $20, per class at $35, salaried at $52,000 a year) and the
// previous period's payroll run, computed from what staff and booking recorded; tip locations,
// pools and daily tips (tips/demo.ts) whose card tips show in the pay lines.

export interface PayrollDemoOptions {
  organizationId: string;
  timeZone: string;
  /** Contacts paid by the hour (the staff demo's clocked employees). */
  hourly: string[];
  /** Contacts paid per class taught (the instructor). */
  perClass: string[];
  /** Contacts on an annual salary. */
  salaried: string[];
  /** Today, for tests; the organisation's today by default. */
  today?: string;
}

export async function seedPayrollDemo(database: DatabaseHandle, o: PayrollDemoOptions): Promise<void> {
  const run = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database.db, o.organizationId, fn);
  const today = o.today ?? isoDateInZone(new Date(), o.timeZone);
  await run(async (tx) => {
    await putSettings(tx, o.organizationId, { payCycle: 'biweekly', anchorDay: DEFAULT_ANCHOR_DAY });
    const since = '2024-01-01';
    const salaries = [
      ...o.hourly.map((id) => [id, 'hourly', 2000] as const),
      ...o.perClass.map((id) => [id, 'per_class', 3500] as const),
      ...o.salaried.map((id) => [id, 'salaried', 5_200_000] as const),
    ];
    for (const [contactId, wageType, rateCents] of salaries) {
      await putSalary(
        tx,
        o.organizationId,
        contactId,
        { wageType, rateCents, effectiveFrom: since },
        o.timeZone,
      );
    }
  });
  // The period before the previous one is paid; the previous one (the staff demo's clocked week)
  // stays pending, ready to run, and its work history open to corrections.
  const current = payPeriodContaining(today, 'biweekly', DEFAULT_ANCHOR_DAY);
  const previous = payPeriodContaining(addDaysToIsoDate(current.start, -1), 'biweekly', DEFAULT_ANCHOR_DAY);
  const paid = payPeriodContaining(addDaysToIsoDate(previous.start, -1), 'biweekly', DEFAULT_ANCHOR_DAY);
  // Tips from the paid period to yesterday, recorded before the run so a paid day has them.
  await run((tx) => seedTipsDemo(tx, o.organizationId, o.timeZone, paid.start, addDaysToIsoDate(today, -1)));
  await run((tx) => runPayroll(tx, o.organizationId, o.timeZone, paid.start));
}
