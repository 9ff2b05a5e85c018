import { describe, expect, it } from 'vitest';
import { zonedTimeToInstant } from './kiosk.ts';
import {
  hourlyGrossPay,
  hourlyPayCents,
  payrollRunTotals,
  paySlip,
  perClassPayCents,
  regularAndOvertimeByDay,
  salaryPayCents,
} from './payroll.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (day: string, hhmm: string) => zonedTimeToInstant(day, hhmm, NY);
const session = (day: string, from: string, to: string, endDay = day) => ({
  start: at(day, from),
  end: at(endDay, to),
});

describe('gross pay', () => {
  it('rounds hourly pay once, never per entry', () => {
    expect(hourlyPayCents(1_550, 7.5 * HOUR)).toBe(11_625);
    // Three 20-minute entries at 10.01 an hour: 3.3367 each, 10.01 together (not 3 × 3.34).
    const sessions = ['09:00', '10:00', '11:00'].map((from, i) => session('2026-06-08', from, `${9 + i}:20`));
    expect(
      hourlyGrossPay({
        sessions,
        timeZone: NY,
        period: { start: '2026-06-07', end: '2026-06-14' },
        rateCentsPerHour: 1_001,
      }),
    ).toMatchObject({ regularMs: HOUR, overtimeMs: 0, grossCents: 1_001 });
  });

  it('pays a salary per period and classes by count', () => {
    expect(salaryPayCents(5_200_000, 'weekly')).toBe(100_000);
    expect(salaryPayCents(1_000_000, 'semimonthly')).toBe(41_667); // 41,666.67
    expect(salaryPayCents(1_000_000, 'biweekly')).toBe(38_462); // 38,461.54
    expect(salaryPayCents(1_000_000, 'monthly')).toBe(83_333);
    expect(perClassPayCents(2_500, 4)).toBe(10_000);
  });
});

describe('overtime', () => {
  it('pays time past 40 hours in a Sunday-Saturday week at 1.5, across a clock-change week in real hours', () => {
    // Sunday 00:00-08:00 on 2026-03-08 is 7 real hours; Monday to Friday 8 hours each: 47 hours.
    const sessions = [
      session('2026-03-08', '00:00', '08:00'),
      ...['09', '10', '11', '12', '13'].map((d) => session(`2026-03-${d}`, '09:00', '17:00')),
    ];
    const pay = hourlyGrossPay({
      sessions,
      timeZone: NY,
      period: { start: '2026-03-01', end: '2026-03-15' },
      rateCentsPerHour: 2_000,
    });
    expect(pay).toEqual({
      regularMs: 40 * HOUR,
      overtimeMs: 7 * HOUR,
      regularCents: 80_000,
      overtimeCents: 21_000,
      grossCents: 101_000,
    });
    const friday = regularAndOvertimeByDay(sessions, NY).find((d) => d.day === '2026-03-13');
    expect(friday).toEqual({ day: '2026-03-13', regularMs: HOUR, overtimeMs: 7 * HOUR });
  });

  it('pays each part of a week split by pay periods in its own period, and the first part never changes', () => {
    const week = ['07', '08', '09', '10', '11', '12'].map((d) => session(`2026-06-${d}`, '08:00', '18:00'));
    const pay = (sessions: typeof week, period: { start: string; end: string }) =>
      hourlyGrossPay({ sessions, timeZone: NY, period, rateCentsPerHour: 1_000 });
    const first = { start: '2026-06-01', end: '2026-06-11' };
    const second = { start: '2026-06-11', end: '2026-06-21' };
    expect(pay(week, first)).toMatchObject({ regularMs: 40 * HOUR, overtimeMs: 0, grossCents: 40_000 });
    expect(pay(week.slice(0, 4), first).grossCents).toBe(40_000);
    expect(pay(week, second)).toMatchObject({ regularMs: 0, overtimeMs: 20 * HOUR, grossCents: 30_000 });
    expect(pay(week, { start: '2026-06-01', end: '2026-06-21' }).grossCents).toBe(70_000);
  });

  it('counts hours in the week of the zone day they were worked', () => {
    const week = ['07', '08', '09', '10', '11'].map((d) => session(`2026-06-${d}`, '08:00', '16:00'));
    const saturdayNight = session('2026-06-13', '22:00', '02:00', '2026-06-14');
    const days = regularAndOvertimeByDay([...week, saturdayNight], NY);
    expect(days.find((d) => d.day === '2026-06-13')).toEqual({
      day: '2026-06-13',
      regularMs: 0,
      overtimeMs: 2 * HOUR,
    });
    expect(days.find((d) => d.day === '2026-06-14')).toEqual({
      day: '2026-06-14',
      regularMs: 2 * HOUR,
      overtimeMs: 0,
    });
  });

  it('follows a set threshold and multiplier', () => {
    const sessions = ['08', '09', '10', '11'].map((d) => session(`2026-06-${d}`, '08:00', '17:30'));
    const pay = hourlyGrossPay({
      sessions,
      timeZone: NY,
      period: { start: '2026-06-07', end: '2026-06-14' },
      rateCentsPerHour: 1_234,
      overtime: { weeklyThresholdHours: 35, multiplier: 2 },
    });
    expect(pay).toMatchObject({
      regularMs: 35 * HOUR,
      overtimeMs: 3 * HOUR,
      grossCents: 35 * 1_234 + 3 * 2_468,
    });
    expect(pay.regularCents + pay.overtimeCents).toBe(pay.grossCents);
    const odd = hourlyGrossPay({
      sessions: [session('2026-06-08', '08:00', '08:07')],
      timeZone: NY,
      period: { start: '2026-06-07', end: '2026-06-14' },
      rateCentsPerHour: 1_001,
      overtime: { weeklyThresholdHours: 0 },
    });
    // 7 minutes at 15.015 an hour: 175.175 cents.
    expect(odd).toMatchObject({ overtimeMs: 7 * MINUTE, grossCents: 175, regularCents: 0 });
  });
});

describe('pay slips and runs', () => {
  it('rounds percentage deductions per slip, and a run totals its slips exactly', () => {
    const slips = ['a', 'b', 'c'].map((employeeId) =>
      paySlip({ employeeId, grossCents: 3_333, deductions: [{ label: 'Tax', basisPoints: 1_000 }] }),
    );
    expect(slips[0]).toMatchObject({
      earningsCents: 3_333,
      deductions: [{ label: 'Tax', cents: 333 }],
      netCents: 3_000,
    });
    // 10 % of the 9,999 total would be 1,000: the run keeps the slips' 999.
    expect(payrollRunTotals(slips)).toEqual({
      slips: 3,
      grossCents: 9_999,
      cardTipsCents: 0,
      deductionsCents: 999,
      netCents: 9_000,
    });
  });

  it('adds card tips to the slip and fixed deductions as they are', () => {
    const slip = paySlip({
      employeeId: 'a',
      grossCents: 10_000,
      cardTipsCents: 2_345,
      deductions: [
        { label: 'Tax', basisPoints: 1_250 },
        { label: 'Uniform', cents: 1_500 },
      ],
    });
    expect(slip).toEqual({
      employeeId: 'a',
      grossCents: 10_000,
      cardTipsCents: 2_345,
      earningsCents: 12_345,
      deductions: [
        { label: 'Tax', cents: 1_543 },
        { label: 'Uniform', cents: 1_500 },
      ],
      deductionsCents: 3_043,
      netCents: 9_302,
    });
    expect(payrollRunTotals([])).toEqual({
      slips: 0,
      grossCents: 0,
      cardTipsCents: 0,
      deductionsCents: 0,
      netCents: 0,
    });
  });
});
