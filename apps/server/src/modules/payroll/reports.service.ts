import {
  addDaysToIsoDate,
  centsToAmount,
  type PayrollReportAnswer,
  type PayrollReportQuery,
  type PayrollRunWithLinesAnswer,
} from '@opsuite/shared';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { payrollRuns } from './payroll.tables.ts';
import { runAnswerOf, slipsOf, totalsOf } from './runs.service.ts';

// Reports: completed runs by date range, a run's slips as CSV, and one employee's pay stub as PDF.

/**
 * Completed runs whose pay period overlaps startDate-endDate (inclusive) and that were run
 * between paidFrom and paidTo (inclusive, days in the organisation's zone).
 */
export async function reportByRange(
  tx: Queryable,
  orgId: string,
  timeZone: string,
  q: PayrollReportQuery,
): Promise<PayrollReportAnswer> {
  const runDay = sql`(${payrollRuns.runAt} at time zone ${timeZone})::date`;
  const found = await tx
    .select()
    .from(payrollRuns)
    .where(
      and(
        eq(payrollRuns.organizationId, orgId),
        eq(payrollRuns.status, 'completed'),
        lt(payrollRuns.periodStart, addDaysToIsoDate(q.endDate, 1)),
        gt(payrollRuns.periodEnd, q.startDate),
        sql`${runDay} between ${q.paidFrom}::date and ${q.paidTo}::date`,
      ),
    )
    .orderBy(desc(payrollRuns.runAt), desc(payrollRuns.id))
    .limit(500);
  const slips = await slipsOf(
    tx,
    orgId,
    found.map((r) => r.id),
  );
  const runs = found.map((r) => ({ ...runAnswerOf(r), lines: slips.get(r.id) ?? [] }));
  return { runs, totals: totalsOf(runs.flatMap((r) => r.lines)) };
}

const csvCell = (v: string | number) => {
  const text = String(v);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof v === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const CSV_HEAD = [
  'run_id',
  'run_type',
  'period_start',
  'period_end',
  'run_at',
  'employee_id',
  'employee',
  'wage_type',
  'source',
  'regular_hours',
  'overtime_hours',
  'classes',
  'gross',
  'card_tips',
  'deductions',
  'net',
];

/** The run's slips, one row each, amounts as plain decimals a bookkeeping import reads. */
export function runCsv(run: PayrollRunWithLinesAnswer): string {
  const rows = run.lines.map((l) =>
    [
      run._id,
      run.type,
      run.periodStart,
      run.periodEnd,
      run.runAt ?? '',
      l.contactId,
      l.fullName,
      l.wageType,
      l.source,
      (l.regularMinutes / 60).toFixed(2),
      (l.overtimeMinutes / 60).toFixed(2),
      l.classes,
      centsToAmount(l.grossCents),
      centsToAmount(l.cardTipsCents),
      centsToAmount(l.deductionsCents),
      centsToAmount(l.netCents),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_HEAD.join(','), ...rows].join('\r\n')}\r\n`;
}
