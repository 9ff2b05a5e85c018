import { type DayRange, dayInRange, startOfWeekDay } from './calendar-days.ts';
import { mulDivRoundHalfUp, percentOfCents, sumCents } from './cents-math.ts';
import { PAY_PERIODS_PER_YEAR, type PayCycle } from './pay-periods.ts';
import { employeeWorkedSpans, splitSpanByDay, type WorkSession } from './work-time.ts';

// Gross pay, overtime and pay slips, in integer cents. Time is summed in milliseconds and turned
// into money once per slip line, so rounding never accumulates entry by entry.

const HOUR_MS = 3_600_000;

export const DEFAULT_OVERTIME = { weeklyThresholdHours: 40, multiplier: 1.5 } as const;

export interface OvertimeRule {
  weeklyThresholdHours?: number;
  /** Up to two decimals (1.5). */
  multiplier?: number;
}

/** Rate × time worked, rounded half up to the cent once at the end. */
export function hourlyPayCents(rateCentsPerHour: number, workedMs: number): number {
  return mulDivRoundHalfUp(rateCentsPerHour, workedMs, HOUR_MS);
}

/**
 * One period's share of an annual salary, rounded half up to the cent (a year of periods may
 * differ from the salary by under a cent per period; a year with a 53rd weekly payday pays it).
 */
export function salaryPayCents(annualSalaryCents: number, cycle: PayCycle): number {
  return mulDivRoundHalfUp(annualSalaryCents, 1, PAY_PERIODS_PER_YEAR[cycle]);
}

export function perClassPayCents(rateCentsPerClass: number, classesTaught: number): number {
  return mulDivRoundHalfUp(rateCentsPerClass, classesTaught, 1);
}

export interface DayHours {
  day: string;
  regularMs: number;
  overtimeMs: number;
}

/**
 * Regular and overtime time per organisation day. Overtime is counted per Sunday-Saturday week in
 * the organisation's zone: time is taken in the order it was worked, and whatever passes the
 * weekly threshold is overtime on the day it was worked. A pay period that splits a week pays the
 * part of the week inside it, so the earlier period's part never changes once its days are over
 * (overtime always falls on the week's later hours). Pass every session of each week a period touches.
 */
export function regularAndOvertimeByDay(
  sessions: readonly WorkSession[],
  timeZone: string,
  rule: OvertimeRule = {},
): DayHours[] {
  const thresholdMs = Math.round(
    (rule.weeklyThresholdHours ?? DEFAULT_OVERTIME.weeklyThresholdHours) * HOUR_MS,
  );
  const weekSoFar = new Map<string, number>();
  const days = new Map<string, DayHours>();
  for (const span of employeeWorkedSpans(sessions)) {
    for (const piece of splitSpanByDay(span, timeZone)) {
      const week = startOfWeekDay(piece.day);
      const before = weekSoFar.get(week) ?? 0;
      const length = piece.end - piece.start;
      const regular = Math.max(0, Math.min(length, thresholdMs - before));
      weekSoFar.set(week, before + length);
      const day = days.get(piece.day) ?? { day: piece.day, regularMs: 0, overtimeMs: 0 };
      day.regularMs += regular;
      day.overtimeMs += length - regular;
      days.set(piece.day, day);
    }
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

export interface HourlyGrossPay {
  regularMs: number;
  overtimeMs: number;
  regularCents: number;
  /** grossCents - regularCents, so the lines add up to the gross exactly. */
  overtimeCents: number;
  grossCents: number;
}

export function hourlyGrossPay(input: {
  sessions: readonly WorkSession[];
  timeZone: string;
  period: DayRange;
  rateCentsPerHour: number;
  overtime?: OvertimeRule;
}): HourlyGrossPay {
  let regularMs = 0;
  let overtimeMs = 0;
  for (const day of regularAndOvertimeByDay(input.sessions, input.timeZone, input.overtime)) {
    if (!dayInRange(day.day, input.period)) continue;
    regularMs += day.regularMs;
    overtimeMs += day.overtimeMs;
  }
  const multiplierHundredths = Math.round((input.overtime?.multiplier ?? DEFAULT_OVERTIME.multiplier) * 100);
  const weightedMs = regularMs * 100 + overtimeMs * multiplierHundredths;
  const grossCents = mulDivRoundHalfUp(input.rateCentsPerHour, weightedMs, HOUR_MS * 100);
  const regularCents = hourlyPayCents(input.rateCentsPerHour, regularMs);
  return { regularMs, overtimeMs, regularCents, overtimeCents: grossCents - regularCents, grossCents };
}

/** A deduction or fee on a slip: a fixed amount, or basis points of the slip's earnings. */
export type PayDeduction = { label: string; cents: number } | { label: string; basisPoints: number };

export interface PaySlipInput {
  employeeId: string;
  grossCents: number;
  /** Card tips are paid through payroll; cash tips are already in hand and are not on the slip. */
  cardTipsCents?: number;
  deductions?: readonly PayDeduction[];
}

export interface PaySlip {
  employeeId: string;
  grossCents: number;
  cardTipsCents: number;
  earningsCents: number;
  deductions: Array<{ label: string; cents: number }>;
  deductionsCents: number;
  netCents: number;
}

/** A slip's lines in whole cents; percentages are rounded here, per slip, half up. */
export function paySlip(input: PaySlipInput): PaySlip {
  const cardTipsCents = input.cardTipsCents ?? 0;
  const earningsCents = sumCents([input.grossCents, cardTipsCents]);
  const deductions = (input.deductions ?? []).map((d) => ({
    label: d.label,
    cents: 'cents' in d ? d.cents : percentOfCents(earningsCents, d.basisPoints),
  }));
  const deductionsCents = sumCents(deductions.map((d) => d.cents));
  return {
    employeeId: input.employeeId,
    grossCents: input.grossCents,
    cardTipsCents,
    earningsCents,
    deductions,
    deductionsCents,
    netCents: earningsCents - deductionsCents,
  };
}

export interface PayrollRunTotals {
  slips: number;
  grossCents: number;
  cardTipsCents: number;
  deductionsCents: number;
  netCents: number;
}

/** A run's totals: exact sums of its slips' cents (nothing is recomputed on the total). */
export function payrollRunTotals(slips: readonly PaySlip[]): PayrollRunTotals {
  return {
    slips: slips.length,
    grossCents: sumCents(slips.map((s) => s.grossCents)),
    cardTipsCents: sumCents(slips.map((s) => s.cardTipsCents)),
    deductionsCents: sumCents(slips.map((s) => s.deductionsCents)),
    netCents: sumCents(slips.map((s) => s.netCents)),
  };
}
