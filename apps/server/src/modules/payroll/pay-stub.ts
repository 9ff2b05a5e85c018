import {
  formatDayLabel,
  isoDateInZone,
  type PayLineAnswer,
  type PayrollRunWithLinesAnswer,
} from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { PdfWriter } from '../../lib/pdf/index.ts';
import { payrollRuns, payrollSlips } from './payroll.tables.ts';

// One employee's pay stub for a run, laid out as pay stubs usually are: who and which period,
// earnings lines (rate × hours or classes), card tips, deductions, net pay, and the year to date
// (completed runs of the same calendar year up to this one, by run day in the organisation's zone).

export interface YearToDate {
  grossCents: number;
  cardTipsCents: number;
  deductionsCents: number;
  netCents: number;
}

const WAGE_LABEL: Record<string, string> = {
  hourly: 'Hourly',
  salaried: 'Salaried',
  per_class: 'Per class',
  none: 'No wage set',
};

/** '$1,234.56' (negative as '-$1.00'). */
export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const hours = (minutes: number) => `${(minutes / 60).toFixed(2)} h`;
const day = (iso: string) => formatDayLabel(iso, { weekday: undefined, year: 'numeric' });

export async function yearToDate(
  tx: Queryable,
  orgId: string,
  timeZone: string,
  run: PayrollRunWithLinesAnswer,
  contactId: string,
): Promise<YearToDate> {
  const runAt = run.runAt ?? new Date().toISOString();
  const year = isoDateInZone(new Date(runAt), timeZone).slice(0, 4);
  const [row] = await tx
    .select({
      grossCents: sql<string>`coalesce(sum(${payrollSlips.grossCents}), 0)`,
      cardTipsCents: sql<string>`coalesce(sum(${payrollSlips.cardTipsCents}), 0)`,
      deductionsCents: sql<string>`coalesce(sum(${payrollSlips.deductionsCents}), 0)`,
      netCents: sql<string>`coalesce(sum(${payrollSlips.netCents}), 0)`,
    })
    .from(payrollSlips)
    .innerJoin(payrollRuns, tenantJoin(payrollRuns, payrollSlips, eq(payrollRuns.id, payrollSlips.runId)))
    .where(
      and(
        eq(payrollSlips.organizationId, orgId),
        eq(payrollSlips.contactId, contactId),
        eq(payrollRuns.status, 'completed'),
        sql`${payrollRuns.runAt} <= ${runAt}::timestamptz`,
        sql`extract(year from ${payrollRuns.runAt} at time zone ${timeZone}) = ${Number(year)}`,
      ),
    );
  return {
    grossCents: Number(row?.grossCents ?? 0),
    cardTipsCents: Number(row?.cardTipsCents ?? 0),
    deductionsCents: Number(row?.deductionsCents ?? 0),
    netCents: Number(row?.netCents ?? 0),
  };
}

/** The earnings lines: what was paid for, how much of it, at what rate. */
export function earningsOf(line: PayLineAnswer): Array<[string, string, string, number]> {
  if (line.source === 'off_cycle') return [[line.note || 'Off-cycle pay', '', '', line.regularCents]];
  if (line.source === 'salary') return [['Salary', '', '', line.regularCents]];
  if (line.source === 'classes') {
    return [['Classes taught', `${line.classes}`, money(line.rateCents), line.regularCents]];
  }
  const out: Array<[string, string, string, number]> = [
    ['Regular', hours(line.regularMinutes), `${money(line.rateCents)}/h`, line.regularCents],
  ];
  if (line.overtimeMinutes > 0 || line.overtimeCents > 0) {
    const rate = line.overtimeMinutes > 0 ? Math.round((line.overtimeCents * 60) / line.overtimeMinutes) : 0;
    out.push(['Overtime', hours(line.overtimeMinutes), `${money(rate)}/h`, line.overtimeCents]);
  }
  return out;
}

/** The file name a download is saved as: pay-stub-<name>-<period start>.pdf in safe characters. */
export function payStubFileName(fullName: string, periodStart: string): string {
  const slug = fullName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `pay-stub-${slug || 'employee'}-${periodStart}.pdf`;
}

export async function payStubPdf(
  run: PayrollRunWithLinesAnswer,
  contactId: string,
  org: { name: string; timeZone: string },
  ytd: YearToDate,
): Promise<Uint8Array> {
  const line = run.lines.find((l) => l.contactId === contactId);
  if (!line) throw notFound('Pay stub');
  const w = await PdfWriter.create({
    title: `Pay stub ${line.fullName} ${run.periodStart}`,
    author: org.name,
  });
  const page = w.addPage('a4');
  const left = 50;
  const right = 545;
  let y = 790;
  w.text(page, org.name, left, y, { size: 16, weight: 'bold' });
  w.textRight(page, 'Pay stub', right, y, { size: 16, weight: 'bold' });
  y -= 34;
  const facts: Array<[string, string]> = [
    ['Employee', line.fullName],
    ['Pay period', `${day(run.periodStart)} – ${day(run.periodEnd)}`],
    ['Pay date', run.runAt ? day(isoDateInZone(new Date(run.runAt), org.timeZone)) : 'Not paid yet'],
    ['Run', run.type === 'offcycle' ? 'Off-cycle' : 'Regular'],
    ['Pay type', WAGE_LABEL[line.wageType] ?? line.wageType],
  ];
  if (run.note && run.type === 'offcycle') facts.push(['Note', run.note]);
  for (const [k, v] of facts) {
    w.text(page, k, left, y, { weight: 'bold' });
    for (const part of w.wrap(v, right - 160)) {
      w.text(page, part, 160, y);
      y -= 16;
    }
    y -= 2;
  }
  y -= 14;
  const cols = { qty: 250, rate: 350, amount: right };
  const head = (label: string, second?: string) => {
    w.text(page, label, left, y, { weight: 'bold', size: 10 });
    if (second) {
      w.textRight(page, second === 'Earnings' ? 'Hours' : '', cols.qty, y, { weight: 'bold', size: 10 });
      w.textRight(page, second === 'Earnings' ? 'Rate' : '', cols.rate, y, { weight: 'bold', size: 10 });
    }
    w.textRight(page, 'This period', cols.amount - 90, y, { weight: 'bold', size: 10 });
    w.textRight(page, 'Year to date', cols.amount, y, { weight: 'bold', size: 10 });
    y -= 6;
    w.line(page, [left, y], [right, y]);
    y -= 16;
  };
  const row = (label: string, qty: string, rate: string, amount: string, ytdAmount: string, bold = false) => {
    const style = { weight: bold ? ('bold' as const) : ('regular' as const) };
    w.text(page, label, left, y, style);
    if (qty) w.textRight(page, qty, cols.qty, y, style);
    if (rate) w.textRight(page, rate, cols.rate, y, style);
    w.textRight(page, amount, cols.amount - 90, y, style);
    if (ytdAmount) w.textRight(page, ytdAmount, cols.amount, y, style);
    y -= 18;
  };
  head('Earnings', 'Earnings');
  for (const [label, qty, rate, cents] of earningsOf(line)) row(label, qty, rate, money(cents), '');
  row('Card tips', '', '', money(line.cardTipsCents), money(ytd.cardTipsCents));
  row(
    'Total earnings',
    '',
    '',
    money(line.grossCents + line.cardTipsCents),
    money(ytd.grossCents + ytd.cardTipsCents),
    true,
  );
  y -= 10;
  head('Deductions');
  // Deductions are shown as the amount taken off; none reads $0.00, never a minus zero.
  row('Deductions', '', '', money(line.deductionsCents), money(ytd.deductionsCents));
  y -= 10;
  w.line(page, [left, y + 12], [right, y + 12], 1, 0.2);
  row('Net pay', '', '', money(line.netCents), money(ytd.netCents), true);
  return w.save();
}
