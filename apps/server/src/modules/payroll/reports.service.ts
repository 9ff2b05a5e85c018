import {
  addDaysToIsoDate,
  centsToAmount,
  minutesToHours,
  type PayrollReportAnswer,
  type PayrollReportQuery,
  type PayrollRunWithLinesAnswer,
} from '@opsuite/shared';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
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

/** One employee's pay stub for a run. */
export async function payStubPdf(
  run: PayrollRunWithLinesAnswer,
  contactId: string,
  organizationName: string,
): Promise<Uint8Array> {
  const line = run.lines.find((l) => l.contactId === contactId);
  if (!line) throw notFound('Pay stub');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Pay stub ${line.fullName} ${run.periodStart}`);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const text = (value: string, x: number, size = 11, f = font) =>
    page.drawText(value, { x, y, size, font: f });
  text(organizationName, 50, 16, bold);
  y -= 24;
  text('Pay stub', 50, 13, bold);
  y -= 28;
  const facts: Array<[string, string]> = [
    ['Employee', line.fullName],
    ['Pay period', `${run.periodStart} to ${run.periodEnd}`],
    [
      'Run',
      `${run.type === 'offcycle' ? 'Off-cycle' : 'Regular'}${run.runAt ? `, ${run.runAt.slice(0, 10)}` : ''}`,
    ],
    ['Wage type', line.wageType],
  ];
  if (run.note) facts.push(['Note', run.note]);
  for (const [k, v] of facts) {
    text(k, 50, 11, bold);
    text(v, 180, 11);
    y -= 18;
  }
  y -= 12;
  page.drawLine({
    start: { x: 50, y: y + 8 },
    end: { x: 545, y: y + 8 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  const money: Array<[string, string, string]> = [
    [
      'Regular',
      line.classes ? `${line.classes} classes` : minutesToHours(line.regularMinutes),
      centsToAmount(line.regularCents),
    ],
    ['Overtime', minutesToHours(line.overtimeMinutes), centsToAmount(line.overtimeCents)],
    ['Gross pay', '', centsToAmount(line.grossCents)],
    ['Card tips', '', centsToAmount(line.cardTipsCents)],
    ['Deductions', '', `-${centsToAmount(line.deductionsCents)}`],
    ['Net pay', '', centsToAmount(line.netCents)],
  ];
  for (const [label, qty, amount] of money) {
    const f = label === 'Net pay' ? bold : font;
    text(label, 50, 11, f);
    text(qty, 250, 11, f);
    text(amount, 545 - f.widthOfTextAtSize(amount, 11), 11, f);
    y -= 18;
  }
  return pdf.save();
}
