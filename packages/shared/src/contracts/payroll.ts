import { z } from 'zod';
import { PAY_CYCLES } from '../rules/pay-periods.ts';
import { DATE_MAX, DATE_MIN, dayField, idSchema } from './common.ts';

/*
 * Payroll: salaries, the pay cycle, the pending list, runs, off-cycle runs and reports, under /api.
 * Writes answer `{ success: true, message, data }`; errors are `{ error }` (400 naming the field,
 * 403 without the payroll permission, 404 for what is not the organisation's, 409 for a period
 * already paid).
 *
 *   GET    /employee-salary                 every salary of the organisation
 *   GET    /employee-salary/:contactId      one; 404 'Employee don't have any wage type'
 *   PUT    /employee-salary/:contactId      set (one per contact)        'Salary saved'
 *   DELETE /employee-salary/:contactId                                   'Salary removed'
 *   GET    /payroll/settings   PUT /payroll/settings                     'Pay cycle saved'
 *   GET    /payroll/pending    the current period: the draft if any, else a live preview
 *   POST   /payroll/pending    create or refresh the draft               'Refreshed pending list'
 *   DELETE /payroll/pending/:id  clear the draft                         'Draft payroll is cleared.'
 *   POST   /payroll/run        run the period's payroll (one per period) 'Payroll run'
 *   POST   /payroll/run-offcycle  bonuses, corrections (idempotent key)  'Off-cycle Payroll running.'
 *   POST   /payroll/report/:id/void      void a completed run {reason}   'Payroll run voided; ...'
 *   POST   /payroll/report/:id/paid-out  mark a completed run paid out  'Payroll run marked paid out'
 *   GET    /payroll/history    completed runs, newest first, and their total
 *   GET    /payroll/report/:id             one run with its slips
 *   GET    /payroll/report/:id/export.csv  the run's slips as CSV
 *   GET    /payroll/report/:id/stub/:contactId      one pay stub (PDF)
 *   GET    /payroll/report?startDate&endDate&paidFrom&paidTo  slips by date range
 */

export const PAYROLL_TEXT = {
  salarySaved: 'Salary saved',
  salaryRemoved: 'Salary removed',
  noWageType: "Employee don't have any wage type",
  settingsSaved: 'Pay cycle saved',
  refreshed: 'Refreshed pending list',
  ran: 'Payroll run',
  offCycle: 'Off-cycle Payroll running.',
  unableToCreate: 'Unable to create payroll.',
  alreadyPaid: 'Payroll for this period has already been run',
  datesRequired: 'Start and End date required!',
  draftCleared: (type: string) => `Draft ${type} is cleared.`,
  voided: 'Payroll run voided; its period is open again',
  paidOut: 'Payroll run marked paid out',
  voidOnlyCompleted: 'Only a completed run can be voided',
  voidPaidOut: 'This run has been paid out and can no longer be voided',
  voidExported: 'This run has been exported and can no longer be voided',
  voidLaterFirst: 'Void the runs of later pay periods first',
} as const;

export const WAGE_TYPES = ['hourly', 'salaried', 'per_class'] as const;
export type WageType = (typeof WAGE_TYPES)[number];

const cents = z.number().int({ message: 'Must be whole cents' }).min(0).max(1_000_000_000);

export const salaryParams = z.object({ contactId: idSchema });

export const salaryBody = z.object({
  /** hourly: cents an hour; salaried: cents a year; per_class: cents a class taught. */
  wageType: z.enum(WAGE_TYPES, { message: 'Choose hourly, salaried or per_class' }),
  rateCents: cents.refine((v) => v > 0, { message: 'Rate must be more than 0' }),
  overtimeThresholdHours: z.number().min(0).max(168).default(40),
  overtimeMultiplier: z.number().min(1).max(5).multipleOf(0.01).default(1.5),
  effectiveFrom: dayField().optional(),
});
export type SalaryBody = z.input<typeof salaryBody>;

export const salaryAnswer = z.object({
  contactId: idSchema,
  fullName: z.string(),
  wageType: z.enum(WAGE_TYPES),
  rateCents: z.number(),
  overtimeThresholdHours: z.number(),
  overtimeMultiplier: z.number(),
  effectiveFrom: z.string(),
  updatedAt: z.string(),
});
export type SalaryAnswer = z.infer<typeof salaryAnswer>;
export const salaryListAnswer = z.object({ list: z.array(salaryAnswer) });
export const salaryMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: salaryAnswer,
});

export const payrollSettingsBody = z.object({
  payCycle: z.enum(PAY_CYCLES, { message: 'Choose weekly, biweekly, semimonthly or monthly' }),
  /** The first day of any one period; weekly and biweekly periods repeat from it. */
  anchorDay: dayField(),
});
export type PayrollSettingsBody = z.infer<typeof payrollSettingsBody>;
export const payrollSettingsAnswer = payrollSettingsBody;
export const payrollSettingsMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: payrollSettingsAnswer,
});

export const PAY_LINE_SOURCES = ['work_history', 'classes', 'salary', 'off_cycle'] as const;

export const payLineAnswer = z.object({
  contactId: idSchema,
  fullName: z.string(),
  wageType: z.string(),
  /** Where the line's figures come from: confirmed work history, classes taught, the salary, or an off-cycle entry. */
  source: z.enum(PAY_LINE_SOURCES),
  regularMinutes: z.number(),
  overtimeMinutes: z.number(),
  classes: z.number(),
  sessions: z.number(),
  rateCents: z.number(),
  regularCents: z.number(),
  overtimeCents: z.number(),
  grossCents: z.number(),
  cardTipsCents: z.number(),
  deductionsCents: z.number(),
  netCents: z.number(),
  note: z.string(),
});
export type PayLineAnswer = z.infer<typeof payLineAnswer>;

export const payrollRunTotalsAnswer = z.object({
  slips: z.number(),
  grossCents: z.number(),
  cardTipsCents: z.number(),
  deductionsCents: z.number(),
  netCents: z.number(),
});

export const payrollRunAnswer = z.object({
  _id: idSchema,
  type: z.enum(['regular', 'offcycle']),
  status: z.enum(['draft', 'completed', 'voided']),
  periodStart: z.string(),
  /** Last day of the period (inclusive). */
  periodEnd: z.string(),
  note: z.string(),
  totals: payrollRunTotalsAnswer,
  runAt: z.string().nullable(),
  /** When an admin marked it paid out, or its CSV was first exported: it can no longer be voided. */
  paidOutAt: z.string().nullable().optional(),
  exportedAt: z.string().nullable().optional(),
  voidReason: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type PayrollRunAnswer = z.infer<typeof payrollRunAnswer>;

export const payrollRunWithLinesAnswer = payrollRunAnswer.extend({ lines: z.array(payLineAnswer) });
export type PayrollRunWithLinesAnswer = z.infer<typeof payrollRunWithLinesAnswer>;

export const payrollPendingAnswer = z.object({
  payCycle: z.enum(PAY_CYCLES),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** preview: computed, nothing stored; draft: stored by a refresh; completed: the period is paid. */
  status: z.enum(['preview', 'draft', 'completed']),
  runId: idSchema.nullable(),
  refreshedAt: z.string().nullable(),
  lines: z.array(payLineAnswer),
  totals: payrollRunTotalsAnswer,
});
export type PayrollPendingAnswer = z.infer<typeof payrollPendingAnswer>;
export const payrollPendingMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: payrollPendingAnswer,
});

export const payrollRunBody = z.object({ periodStart: dayField().optional() });
export type PayrollRunBody = z.infer<typeof payrollRunBody>;
export const payrollPendingQuery = z.object({ periodStart: dayField().optional() });
export const payrollRunMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: payrollRunWithLinesAnswer,
});

export const offCycleBody = z.object({
  /** Chosen by the browser once per form: a retried request makes no second run. */
  idempotencyKey: z.string().trim().min(8).max(80),
  note: z.string().trim().min(1, { message: 'Say what the run is for' }).max(200),
  lines: z
    .array(
      z.object({
        contactId: idSchema,
        amountCents: cents.refine((v) => v > 0, { message: 'Must be more than 0' }),
      }),
    )
    .min(1, { message: 'Add at least one employee' })
    .max(500),
});
export type OffCycleBody = z.infer<typeof offCycleBody>;

export const payrollHistoryAnswer = z.object({ list: z.array(payrollRunAnswer), totalNetCents: z.number() });
export type PayrollHistoryAnswer = z.infer<typeof payrollHistoryAnswer>;

const reportDay = z.iso
  .date({ error: PAYROLL_TEXT.datesRequired })
  .refine((v) => v >= DATE_MIN && v <= DATE_MAX, { message: PAYROLL_TEXT.datesRequired });
/** The four dates: the pay periods covered (startDate-endDate) and the days the runs were made. */
export const payrollReportQuery = z.object({
  startDate: reportDay,
  endDate: reportDay,
  paidFrom: reportDay,
  paidTo: reportDay,
});
export type PayrollReportQuery = z.infer<typeof payrollReportQuery>;
export const payrollReportAnswer = z.object({
  runs: z.array(payrollRunWithLinesAnswer),
  totals: payrollRunTotalsAnswer,
});
export type PayrollReportAnswer = z.infer<typeof payrollReportAnswer>;

export const payrollRunParams = z.object({ id: idSchema });
export const payrollVoidBody = z.object({
  reason: z.string().trim().min(3, { message: 'Say why the run is voided' }).max(500),
});
export type PayrollVoidBody = z.infer<typeof payrollVoidBody>;
export const payStubParams = z.object({ id: idSchema, contactId: idSchema });
export const payrollOkAnswer = z.object({ success: z.literal(true), message: z.string() });

/** Cents as a plain decimal amount ("1234.50", "-0.05"), exact: integer arithmetic only. */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minutes as hours and minutes ("7:05"). */
export function minutesToHours(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
